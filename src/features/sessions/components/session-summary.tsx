import { useQuery } from '@tanstack/react-query'
import { StatusBadge } from './status-badge'
import { useAgentName } from '@/data/agents/use-agent-name'
import { environmentQuery } from '@/data/environments/queries'
import type { Session } from '@/data/sessions/types'
import { useEnvironmentSelection } from '../hooks/use-environment-selection'
import { isApiError } from '@/api/api-error'
import { SelectionBadge } from './selection-badge'
import { ResourceName } from '@/components/ui/resource-name'
import { useT } from '@/i18n'
import { formatExactTime } from '@/lib/format-time'
import { environmentTypeLabel } from '@/lib/environment-type-label'

/** Who, where and in what state: the facts at the top of the session page. */
export function SessionSummary({ session }: { session: Session }) {
  const { t } = useT('sessions')
  const environmentId = session.environmentId ?? null
  const environment = useQuery({ ...environmentQuery(environmentId ?? ''), enabled: environmentId !== null })
  const isEnvironmentMissing =
    environment.isError && isApiError(environment.error) && environment.error.status === 404
  const selection = useEnvironmentSelection(session, { environmentMissing: isEnvironmentMissing })
  const agentName = useAgentName(session.agentId)
  const isArchived = session.archivedAt !== null && session.archivedAt !== undefined
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm break-words sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
      <dt className="text-muted-foreground">{t('sessions.summary.status')}</dt>
      <dd className="flex items-center gap-2">
        <StatusBadge status={isArchived ? 'archived' : session.status} />
      </dd>
      <dt className="text-muted-foreground">{t('sessions.summary.agent')}</dt>
      <dd>
        <ResourceName
          name={agentName}
          id={session.agentId}
          to={`/agents/${session.agentId}`}
          showCopy={false}
        />
        {session.agentVersion !== null && session.agentVersion !== undefined ? (
          <span className="text-muted-foreground"> v{session.agentVersion}</span>
        ) : null}
      </dd>
      <dt className="text-muted-foreground">{t('sessions.summary.environment')}</dt>
      <dd className="flex flex-wrap items-center gap-2">
        {environmentId ? (
          <ResourceName
            name={
              isEnvironmentMissing ? (
                <span
                  className="text-muted-foreground italic"
                  title={t('sessions.list.environmentNotHereHint')}
                >
                  {t('sessions.list.notHere')}
                </span>
              ) : (
                (environment.data?.name ?? null)
              )
            }
            id={environmentId}
            to={`/environments/${environmentId}`}
            showCopy={false}
          />
        ) : (
          <span>{t('sessions.none')}</span>
        )}
        {environment.data ? (
          <span className="text-muted-foreground">{environmentTypeLabel(environment.data.type)}</span>
        ) : null}
        <SelectionBadge selection={selection} />
      </dd>
      {selection.source === 'server_chosen' ? (
        <dd className="col-span-full text-xs text-muted-foreground" data-testid="environment-reason">
          {selection.reason}
        </dd>
      ) : null}
      <dt className="text-muted-foreground">{t('sessions.summary.created')}</dt>
      <dd>{formatExactTime(session.createdAt)}</dd>
    </dl>
  )
}
