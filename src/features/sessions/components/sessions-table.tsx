import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { sessionListQuery } from '../api/queries'
import type { SessionListParams } from '../api/keys'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/input'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { EmptyState, LoadingState } from '@/components/ui/states'
import { formatExactTime, formatRelativeTime } from '@/lib/format-time'
import { useNow } from '@/lib/use-now'

const PAGE_SIZE = 25
const statuses: SessionListParams['status'][] = ['active', 'archived', 'all']

function readStatus(value: string | null): SessionListParams['status'] {
  return statuses.find((status) => status === value) ?? 'active'
}

export function SessionsTable() {
  const [params, setParams] = useSearchParams()
  const status = readStatus(params.get('status'))
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0)
  const now = useNow()
  const query = useQuery(sessionListQuery({ status, limit: PAGE_SIZE, offset }))

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current)
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key)
        else next.set(key, value)
      }
      return next
    })

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <label htmlFor="session-status" className="text-sm text-muted-foreground">
          Status
        </label>
        <Select
          id="session-status"
          value={status}
          onChange={(event) => update({ status: event.target.value, offset: null })}
        >
          <option value="active">Active</option>
          <option value="archived">Archived</option>
          <option value="all">All</option>
        </Select>
      </div>
      {query.isPending ? (
        <LoadingState label="Loading sessions…" />
      ) : query.isError ? (
        <QueryErrorState
          title="Sessions could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.items.length === 0 ? (
        <EmptyState title="No sessions match">
          Change the status filter, or create a session from an agent.
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Sessions</caption>
              <thead className="bg-muted text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Session
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Agent
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Environment
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Last activity
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.items.map((session) => {
                  const lastActivity = session.lastActivityAt ?? session.updatedAt
                  return (
                    <tr key={session.id} className="border-t border-border">
                      <td className="px-3 py-2">
                        <Link
                          className="font-mono text-xs text-primary hover:underline"
                          to={`/sessions/${session.id}`}
                        >
                          {session.id}
                        </Link>
                      </td>
                      <td className="px-3 py-2 font-mono text-xs">{session.agentId}</td>
                      <td className="px-3 py-2">
                        <span className="font-mono text-xs">{session.environmentId ?? '—'}</span>{' '}
                        {session.environmentSource ? (
                          <Badge tone={session.environmentSource === 'agent_default' ? 'neutral' : 'info'}>
                            {session.environmentSource === 'agent_default'
                              ? 'inherited'
                              : session.environmentSource}
                          </Badge>
                        ) : null}
                      </td>
                      <td className="px-3 py-2">
                        <Badge>{session.archivedAt ? 'archived' : session.status}</Badge>
                      </td>
                      <td className="px-3 py-2" title={formatExactTime(lastActivity)}>
                        {formatRelativeTime(lastActivity, now)}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pagination" className="flex justify-end gap-2">
            <Button
              size="sm"
              disabled={offset === 0}
              onClick={() => update({ offset: String(Math.max(0, offset - PAGE_SIZE)) })}
            >
              Previous
            </Button>
            <Button
              size="sm"
              disabled={query.data.nextOffset === null}
              onClick={() => update({ offset: String(query.data.nextOffset ?? offset) })}
            >
              Next
            </Button>
          </nav>
        </>
      )}
    </div>
  )
}
