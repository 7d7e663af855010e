import { useQuery } from '@tanstack/react-query'
import { ChangeEnvironment } from './change-environment'
import { Link } from '@/components/ui/link'
import { agentDefinitionQuery, agentListQuery } from '@/data/agents/queries'
import { allEnvironmentsQuery } from '@/data/environments/queries'
import { turnsQuery } from '@/data/sessions/queries'
import { useEnvironmentWork } from '../hooks/use-environment-work'
import type { Session } from '@/data/sessions/types'
import { useEnvironmentSelection } from '../hooks/use-environment-selection'
import { sessionBusyReason } from '../models/session-busy'
import { statusLabel } from '../models/status-label'
import { Badge } from '@/components/ui/badge'
import { Notice } from '@/components/ui/notice'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { isApiError } from '@/api/api-error'
import { RichText, useT } from '@/i18n'
import { formatExactTime } from '@/lib/format-time'
import { environmentTypeLabel } from '@/lib/environment-type-label'

/** Which environment the session uses and why, and the guarded way to change it. */
export function EnvironmentTab({ session, canWrite }: { session: Session; canWrite: boolean }) {
  const { t } = useT('sessions')
  const environmentId = session.environmentId ?? null
  const { environment, work } = useEnvironmentWork(environmentId)
  // Only an agent this namespace lists has a definition to read here (any other answers 404).
  const agents = useQuery(agentListQuery('all'))
  const isAgentMissing = agents.isSuccess && !agents.data.some((agent) => agent.id === session.agentId)
  const definition = useQuery({
    ...agentDefinitionQuery(session.agentId),
    enabled: agents.isSuccess && !isAgentMissing,
  })
  const environments = useQuery({ ...allEnvironmentsQuery(), enabled: canWrite })
  const turns = useQuery(turnsQuery(session.id))
  const agentDefault = definition.data?.definition.defaultEnvironmentId
  const selection = useEnvironmentSelection(session)
  const isArchivedSession = session.archivedAt !== null && session.archivedAt !== undefined
  const busyReason = isArchivedSession
    ? t('sessions.environment.archivedSession')
    : sessionBusyReason(session.id, turns.data ?? [], work.data ?? [])

  const agentValues = {
    agent: (
      <Link className="font-mono text-primary hover:underline" to={`/agents/${session.agentId}`}>
        {session.agentId}
      </Link>
    ),
    current: (
      <span className="font-mono">
        {isAgentMissing
          ? t('sessions.list.notHere')
          : definition.isSuccess
            ? (agentDefault ?? t('sessions.none'))
            : '…'}
      </span>
    ),
    note:
      definition.isSuccess && agentDefault !== environmentId && selection.source === 'agent_default'
        ? t('sessions.environment.defaultChanged')
        : '',
  }

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <section aria-labelledby="environment-current-title" className="flex flex-col gap-2">
        <h3 id="environment-current-title" className="text-sm font-semibold">
          {t('sessions.environment.title')}
        </h3>
        {environmentId === null ? (
          <Notice tone="warning">{t('sessions.environment.none')}</Notice>
        ) : environment.isError ? (
          isApiError(environment.error) && environment.error.status === 404 ? (
            <Notice tone="danger">
              <RichText
                id="sessions.environment.gone"
                values={{ environment: <span className="font-mono">{environmentId}</span> }}
              />
            </Notice>
          ) : (
            <QueryErrorState
              title={t('sessions.environment.loadError')}
              error={environment.error}
              onRetry={() => void environment.refetch()}
            />
          )
        ) : (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Link className="font-medium text-primary hover:underline" to={`/environments/${environmentId}`}>
              {environment.data?.name ?? environmentId}
            </Link>
            {environment.data ? <Badge>{environmentTypeLabel(environment.data.type)}</Badge> : null}
            {environment.data?.archivedAt ? <Badge tone="danger">{statusLabel('archived')}</Badge> : null}
            <span className="font-mono text-xs text-muted-foreground">{environmentId}</span>
          </p>
        )}
        <p className="text-sm">
          <Badge tone="info">{selection.marker}</Badge> {selection.reason}
          {selection.changedAt !== null
            ? t('sessions.environment.changedAt', { time: formatExactTime(selection.changedAt) })
            : ''}
        </p>
        <p className="text-sm text-muted-foreground">
          {session.agentVersion !== null && session.agentVersion !== undefined ? (
            <RichText
              id="sessions.environment.agentAtVersion"
              values={{ ...agentValues, version: session.agentVersion }}
            />
          ) : (
            <RichText id="sessions.environment.agent" values={agentValues} />
          )}
        </p>
      </section>
      {canWrite ? (
        environments.isError ? (
          <QueryErrorState
            title={t('sessions.environment.listError')}
            error={environments.error}
            onRetry={() => void environments.refetch()}
          />
        ) : (
          <ChangeEnvironment
            sessionId={session.id}
            currentId={environmentId}
            environments={environments.data ?? []}
            busyReason={busyReason}
          />
        )
      ) : null}
    </div>
  )
}
