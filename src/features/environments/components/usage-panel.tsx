import { Link } from 'react-router'
import { useEnvironmentUsage } from './usage-summary'
import type { Session } from '../models/environment-usage'
import { errorMessage } from '@/api/api-error'
import { ErrorState, LoadingState } from '@/components/ui/states'
import { formatExactTime } from '@/lib/format-time'

function SessionList({ title, sessions, empty }: { title: string; sessions: Session[]; empty: string }) {
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <h2 className="text-sm font-semibold">
        {title} ({sessions.length})
      </h2>
      {sessions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-2">
              <Link
                className="font-mono text-xs text-primary hover:underline"
                to={`/sessions/${encodeURIComponent(session.id)}`}
              >
                {session.id}
              </Link>
              <span className="text-xs text-muted-foreground">
                {session.status} · agent <span className="font-mono">{session.agentId}</span> · created{' '}
                {formatExactTime(session.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Agents defaulting to this environment and the sessions bound to it. */
export function UsagePanel({ environmentId }: { environmentId: string }) {
  const { usage, isPending, error, refetch } = useEnvironmentUsage(environmentId)
  if (error)
    return (
      <ErrorState
        title="Usage could not be loaded"
        message={`${errorMessage(error)} Try again in a moment.`}
        onRetry={() => void refetch()}
      />
    )
  if (isPending || !usage) return <LoadingState label="Loading usage…" />
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">
        Check usage before archiving, deleting or reconfiguring: a config change applies to new work of every
        session here.
      </p>
      <section className="flex flex-col gap-2" aria-label="Agents with this default environment">
        <h2 className="text-sm font-semibold">
          Agents with this default environment ({usage.agents.length})
        </h2>
        {usage.agents.length === 0 ? (
          <p className="text-sm text-muted-foreground">No agent uses it as its default environment.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {usage.agents.map((agent) => (
              <li key={agent.id}>
                <Link className="text-primary hover:underline" to={`/agents/${encodeURIComponent(agent.id)}`}>
                  {agent.name}
                </Link>{' '}
                <span className="font-mono text-xs text-muted-foreground">{agent.id}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <SessionList
        title="Active sessions"
        sessions={usage.activeSessions}
        empty="No active session is bound to it."
      />
      <SessionList
        title="Archived sessions"
        sessions={usage.archivedSessions}
        empty="No archived session is bound to it."
      />
    </div>
  )
}
