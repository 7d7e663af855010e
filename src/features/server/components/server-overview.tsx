import { API_FAMILIES, type ApiFamily } from '@/api/api-families'
import { Badge } from '@/components/ui/badge'
import { useServerFamilies } from '@/data/server/queries'
import { t, useT } from '@/i18n'

/** The routes each family's probe asks about, as the operator would check them with curl. */
const FAMILY_ROUTES: Record<ApiFamily, string> = {
  environments: '/api/environments',
  agentCatalog: '/api/v1/agents, …/definition',
  agentSessions: '/api/v1/agent-sessions',
  trace: '{session}/trace',
  inputs: '{session}/inputs',
  files: '{session}/files',
  artifacts: '{session}/artifacts',
  checkpoints: '{session}/checkpoints',
  subagents: '{session}/subagents',
  budget: '{session}/budget',
}

function familyName(family: ApiFamily): string {
  switch (family) {
    case 'environments':
      return t('server.name.environments')
    case 'agentCatalog':
      return t('server.name.agentCatalog')
    case 'agentSessions':
      return t('server.name.agentSessions')
    case 'trace':
      return t('server.name.trace')
    case 'inputs':
      return t('server.name.inputs')
    case 'files':
      return t('server.name.files')
    case 'artifacts':
      return t('server.name.artifacts')
    case 'checkpoints':
      return t('server.name.checkpoints')
    case 'subagents':
      return t('server.name.subagents')
    case 'budget':
      return t('server.name.budget')
  }
}

function StatusBadge({ status }: { status: 'served' | 'absent' | 'unknown' | 'pending' }) {
  switch (status) {
    case 'pending':
      return <Badge>{t('server.checking')}</Badge>
    case 'served':
      return <Badge tone="success">{t('server.statusServed')}</Badge>
    case 'absent':
      return <Badge tone="warning">{t('server.statusAbsent')}</Badge>
    case 'unknown':
      return <Badge>{t('server.statusUnknown')}</Badge>
  }
}

/** The Server page: base URL, the version the server names, and each family's probe result. */
export function ServerOverview() {
  useT('server')
  const { facts, statuses, baseUrl } = useServerFamilies()
  const isSameOrigin = typeof window !== 'undefined' && baseUrl === window.location.origin
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">{t('server.baseUrl')}</dt>
        <dd className="font-mono break-all">
          {isSameOrigin ? t('server.sameOrigin', { url: baseUrl }) : baseUrl}
        </dd>
        <dt className="font-medium">{t('server.version')}</dt>
        <dd>
          {facts === undefined ? (
            t('server.checking')
          ) : facts.version ? (
            <span className="font-mono">{facts.version}</span>
          ) : (
            t('server.noVersion')
          )}
        </dd>
      </dl>
      <section aria-labelledby="server-families">
        <h2 id="server-families" className="mb-2 text-base font-semibold">
          {t('server.families')}
        </h2>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-border">
              <th scope="col" className="py-1.5 pr-4 font-medium">
                {t('server.family')}
              </th>
              <th scope="col" className="py-1.5 pr-4 font-medium">
                {t('server.routes')}
              </th>
              <th scope="col" className="py-1.5 font-medium">
                {t('server.status')}
              </th>
            </tr>
          </thead>
          <tbody>
            {API_FAMILIES.map((family) => (
              <tr key={family} className="border-b border-border">
                <th scope="row" className="py-1.5 pr-4 font-normal">
                  {familyName(family)}
                </th>
                <td className="py-1.5 pr-4 font-mono text-xs">{FAMILY_ROUTES[family]}</td>
                <td className="py-1.5">
                  <StatusBadge status={statuses[family]} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-muted-foreground">{t('server.unknownHint')}</p>
      </section>
    </div>
  )
}
