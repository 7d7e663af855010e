import type { ApiFamily } from '@/api/api-families'
import { Link } from '@/components/ui/link'
import { Notice } from '@/components/ui/notice'
import { t, useT } from '@/i18n'

function sentence(family: ApiFamily): string {
  switch (family) {
    case 'environments':
      return t('ui.family.environments')
    case 'agentCatalog':
      return t('ui.family.agentCatalog')
    case 'agentSessions':
      return t('ui.family.agentSessions')
    case 'trace':
      return t('ui.family.trace')
    case 'inputs':
      return t('ui.family.inputs')
    case 'files':
      return t('ui.family.files')
    case 'artifacts':
      return t('ui.family.artifacts')
    case 'checkpoints':
      return t('ui.family.checkpoints')
    case 'subagents':
      return t('ui.family.subagents')
    case 'budget':
      return t('ui.family.budget')
  }
}

/**
 * What a screen or panel shows, instead of an error, when the server does not serve the API
 * family it needs: one sentence saying so and what the operator can do, and a link to the Server
 * page. Read the status with `useFamilyStatus(family)` from `@/data/server/queries` and render
 * this when it is `absent`:
 *
 *   if (useFamilyStatus('trace') === 'absent') return <FamilyUnavailable family="trace" />
 *
 * Its strings are the `ui:family` catalog part, loaded when the sentence is first shown (the
 * screens that may show it do not wait for them otherwise).
 */
export function FamilyUnavailable({ family, className }: { family: ApiFamily; className?: string }) {
  useT('ui', 'ui:family')
  return (
    <Notice className={className} title={t('ui.family.title')} data-family={family}>
      <p>{sentence(family)}</p>
      <p className="mt-2">
        <Link to="/server" className="text-primary underline">
          {t('ui.family.serverLink')}
        </Link>
      </p>
    </Notice>
  )
}
