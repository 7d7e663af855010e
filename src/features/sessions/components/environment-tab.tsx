import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ChangeEnvironment } from './change-environment'
import {
  agentDefinitionQuery,
  environmentQuery,
  environmentsQuery,
  turnsQuery,
  workItemsQuery,
} from '../api/queries'
import type { Session } from '../api/types'
import { describeEnvironmentSelection } from '../models/describe-environment-selection'
import { sessionBusyReason } from '../models/session-busy'
import { Badge } from '@/components/ui/badge'
import { Notice } from '@/components/ui/notice'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { isApiError } from '@/api/api-error'
import { formatExactTime } from '@/lib/format-time'

/** Which environment the session uses and why, and the guarded way to change it. */
export function EnvironmentTab({ session, canWrite }: { session: Session; canWrite: boolean }) {
  const environmentId = session.environmentId ?? null
  const environment = useQuery({ ...environmentQuery(environmentId ?? ''), enabled: environmentId !== null })
  const definition = useQuery(agentDefinitionQuery(session.agentId))
  const environments = useQuery({ ...environmentsQuery(), enabled: canWrite })
  const turns = useQuery(turnsQuery(session.id))
  const work = useQuery({
    ...workItemsQuery(environmentId ?? ''),
    enabled: environment.data?.type === 'self_hosted',
  })
  const agentDefault = definition.data?.defaultEnvironmentId
  const selection = describeEnvironmentSelection(
    session,
    definition.isSuccess ? (agentDefault ?? null) : undefined,
  )
  const isArchivedSession = session.archivedAt !== null && session.archivedAt !== undefined
  const busyReason = isArchivedSession
    ? 'The session is archived; restore it first.'
    : sessionBusyReason(session.id, turns.data ?? [], work.data ?? [])

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <section aria-labelledby="environment-current-title" className="flex flex-col gap-2">
        <h3 id="environment-current-title" className="text-sm font-semibold">
          Environment in use
        </h3>
        {environmentId === null ? (
          <Notice tone="warning">
            This session has no environment, so its tool calls have nowhere to run.
          </Notice>
        ) : environment.isError ? (
          isApiError(environment.error) && environment.error.status === 404 ? (
            <Notice tone="danger">
              <span className="font-mono">{environmentId}</span> no longer exists or is not visible to you.
            </Notice>
          ) : (
            <QueryErrorState
              title="The environment could not be loaded"
              error={environment.error}
              onRetry={() => void environment.refetch()}
            />
          )
        ) : (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Link className="font-medium text-primary hover:underline" to={`/environments/${environmentId}`}>
              {environment.data?.name ?? environmentId}
            </Link>
            {environment.data ? <Badge>{environment.data.type}</Badge> : null}
            {environment.data?.archivedAt ? <Badge tone="danger">archived</Badge> : null}
            <span className="font-mono text-xs text-muted-foreground">{environmentId}</span>
          </p>
        )}
        <p className="text-sm">
          <Badge tone="info">{selection.marker}</Badge> {selection.reason}
          {selection.changedAt !== null ? ` Changed ${formatExactTime(selection.changedAt)}.` : ''}
        </p>
        <p className="text-sm text-muted-foreground">
          Agent{' '}
          <Link className="font-mono text-primary hover:underline" to={`/agents/${session.agentId}`}>
            {session.agentId}
          </Link>
          {session.agentVersion !== null && session.agentVersion !== undefined
            ? `, frozen at definition version ${session.agentVersion}`
            : ''}
          . Its current default environment:{' '}
          <span className="font-mono">{definition.isSuccess ? (agentDefault ?? 'none') : '…'}</span>
          {definition.isSuccess &&
          agentDefault !== environmentId &&
          session.environmentSource === 'agent_default'
            ? ' (the default changed since; existing sessions keep theirs)'
            : ''}
          .
        </p>
      </section>
      {canWrite ? (
        environments.isError ? (
          <QueryErrorState
            title="Environments could not be loaded"
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
