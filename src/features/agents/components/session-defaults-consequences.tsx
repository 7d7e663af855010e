import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { agentSessionsQuery, agentVersionsQuery } from '../api/queries'
import { countSessionsOnEnvironment } from '../models/count-sessions-on-environment'
import { defaultEnvironmentChanges } from '../models/default-environment-history'
import { errorMessage } from '@/api/api-error'
import { Button } from '@/components/ui/button'
import { formatExactTime, formatRelativeTime } from '@/lib/format-time'
import { useNow } from '@/lib/use-now'

/**
 * What a default-environment change does and does not do, next to the control that makes it:
 * new sessions inherit it, existing sessions stay where they are, and when it last changed.
 */
export function SessionDefaultsConsequences({
  agentId,
  savedEnvironmentId,
  draftEnvironmentId,
  nextVersion,
  environmentName,
  onShowVersions,
}: {
  agentId: string
  /** The stored default: the one existing inheriting sessions were created with most recently. */
  savedEnvironmentId: string | null
  draftEnvironmentId: string | null
  /** The version new sessions will record once this is saved. */
  nextVersion: number
  environmentName: (environmentId: string) => string
  onShowVersions: () => void
}) {
  const now = useNow()
  const sessions = useQuery(agentSessionsQuery(agentId))
  const versions = useQuery(agentVersionsQuery(agentId))
  const lastChange = versions.data ? defaultEnvironmentChanges(versions.data)[0] : undefined
  const isChanging = savedEnvironmentId !== draftEnvironmentId
  const { refetch: refetchSessions } = sessions
  useEffect(() => {
    // Sessions are created all the time by others: count afresh when the user starts a change.
    if (isChanging) void refetchSessions()
  }, [isChanging, refetchSessions])

  return (
    <section aria-labelledby="defaults-consequences" className="rounded-md border border-border p-4 text-sm">
      <h3 id="defaults-consequences" className="font-semibold">
        What this changes
      </h3>
      <ul className="mt-2 flex list-disc flex-col gap-2 pl-5">
        <li>
          {draftEnvironmentId ? (
            <>
              New sessions that do not pick an environment inherit{' '}
              <strong className="break-words">{environmentName(draftEnvironmentId)}</strong> and record
              “inherited from agent default, version {nextVersion}”.
            </>
          ) : (
            <>New sessions must pick an environment; without one their tools have nowhere to run.</>
          )}
        </li>
        <li>
          Existing sessions do not move: they keep the environment they were created with.{' '}
          {savedEnvironmentId ? (
            <ExistingSessions
              count={
                sessions.data ? countSessionsOnEnvironment(sessions.data.items, savedEnvironmentId) : null
              }
              isComplete={sessions.data?.isComplete ?? true}
              error={sessions.isError ? errorMessage(sessions.error) : null}
              onRetry={() => void sessions.refetch()}
              environmentName={environmentName(savedEnvironmentId)}
              isChanging={isChanging}
              href={`/sessions?agent=${encodeURIComponent(agentId)}&environment=${encodeURIComponent(savedEnvironmentId)}`}
            />
          ) : null}
        </li>
        <li>
          {versions.isPending ? (
            'Reading the version history…'
          ) : versions.isError ? (
            <>The version history could not be read: {errorMessage(versions.error)}</>
          ) : lastChange ? (
            <>
              The default environment was last changed in version {lastChange.version},{' '}
              <time
                dateTime={new Date(lastChange.changedAt).toISOString()}
                title={formatExactTime(lastChange.changedAt)}
              >
                {/* The server's clock may run a moment ahead: a just-saved version reads "now". */}
                {formatRelativeTime(Math.min(lastChange.changedAt, now), now)}
              </time>
              {lastChange.changedBy ? <> by {lastChange.changedBy}</> : null}.
            </>
          ) : (
            'No version of this definition has set a default environment.'
          )}{' '}
          <Button variant="link" className="h-auto p-0 underline" onClick={onShowVersions}>
            See the version history
          </Button>
        </li>
      </ul>
    </section>
  )
}

function ExistingSessions({
  count,
  isComplete,
  error,
  onRetry,
  environmentName,
  isChanging,
  href,
}: {
  count: { total: number; archived: number } | null
  isComplete: boolean
  error: string | null
  onRetry: () => void
  environmentName: string
  isChanging: boolean
  href: string
}) {
  if (error) {
    return (
      <span>
        Sessions could not be counted ({error}).{' '}
        <Button variant="link" className="h-auto p-0 underline" onClick={onRetry}>
          Try again
        </Button>
      </span>
    )
  }
  if (!count) return <span>Counting sessions…</span>
  const sessions = `${isComplete ? '' : 'at least '}${count.total} ${count.total === 1 ? 'session' : 'sessions'}`
  return (
    <span>
      {count.total === 0 ? (
        <>No session of this agent uses {environmentName}.</>
      ) : (
        <>
          <strong>{sessions}</strong>
          {count.archived > 0 ? ` (${count.archived} archived)` : ''} of this agent{' '}
          {count.total === 1 ? (isChanging ? 'stays' : 'runs') : isChanging ? 'stay' : 'run'} on{' '}
          {environmentName}.{' '}
          <Link className="text-primary underline underline-offset-4" to={href}>
            View {count.total === 1 ? 'it' : 'them'}
          </Link>
        </>
      )}
    </span>
  )
}
