import { useEnvironmentUsage } from '../hooks/use-environment-usage'
import type { EnvironmentUsage } from '../models/environment-usage'
import { workItemStatusLabel } from '../models/work-types'
import { errorMessage } from '@/api/api-error'
import { Link } from '@/components/ui/link'
import { Spinner } from '@/components/ui/states'
import { RichText, useT } from '@/i18n'

/** The short usage list a confirmation shows before archive or delete. */
function UsageSummary({ usage }: { usage: EnvironmentUsage }) {
  const { t } = useT('environments')
  const separator = t('environments.common.listSeparator')
  const active = usage.activeSessions.length
  const archived = usage.archivedSessions.length
  return (
    <ul className="flex list-disc flex-col gap-1 pl-5">
      <li>
        {usage.agents.length === 0 ? (
          t('environments.usage.summary.noAgents')
        ) : (
          <RichText
            id="environments.usage.summary.agents"
            values={{
              count: usage.agents.length,
              agents: usage.agents.map((agent, index) => (
                <span key={agent.id}>
                  {index > 0 ? separator : ''}
                  <Link
                    className="text-primary underline underline-offset-2"
                    to={`/agents/${encodeURIComponent(agent.id)}`}
                  >
                    {agent.name}
                  </Link>
                </span>
              )),
            }}
          />
        )}
      </li>
      {usage.uncheckedAgents.length > 0 ? (
        <li>{t('environments.usage.summary.unchecked', { count: usage.uncheckedAgents.length })}</li>
      ) : null}
      <li>{t('environments.usage.summary.sessions', { active, archived, total: active + archived })}</li>
      <li>
        {usage.activeWork.length === 0
          ? t('environments.usage.summary.noWork')
          : t('environments.usage.summary.work', {
              count: usage.activeWork.length,
              statuses: usage.activeWork.map((item) => workItemStatusLabel(item.status)).join(separator),
            })}
      </li>
    </ul>
  )
}

export function UsageSummaryState({ environmentId }: { environmentId: string }) {
  const { t } = useT('environments')
  const { usage, isPending, error } = useEnvironmentUsage(environmentId)
  if (error)
    return (
      <p role="alert" className="text-destructive">
        {t('environments.usage.summary.loadFailed', { error: errorMessage(error) })}
      </p>
    )
  if (isPending || !usage) return <Spinner label={t('environments.usage.summary.checking')} />
  return <UsageSummary usage={usage} />
}
