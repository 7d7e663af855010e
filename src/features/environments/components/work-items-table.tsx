import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link, useSearchParams } from 'react-router'
import { workItemsQuery } from '../api/queries'
import { isWorkItemStatus, WORK_ITEM_STATUSES } from '../models/work-types'
import { errorMessage } from '@/api/api-error'
import { Badge } from '@/components/ui/badge'
import { Label, Select } from '@/components/ui/input'
import { EmptyState, ErrorState, Spinner } from '@/components/ui/states'
import { formatDuration } from '@/lib/format-duration'
import { formatExactTime } from '@/lib/format-time'

const tones = {
  queued: 'warning',
  starting: 'info',
  active: 'success',
  stopping: 'info',
  stopped: 'neutral',
} as const

/** The environment's work items (claims); the status filter is part of the URL. */
export function WorkItemsTable({ environmentId, now }: { environmentId: string; now: number }) {
  const id = useId()
  const [params, setParams] = useSearchParams()
  const raw = params.get('state') ?? ''
  const state = isWorkItemStatus(raw) ? raw : null
  const query = useQuery(workItemsQuery(environmentId, state))

  let body
  if (query.isError)
    body = (
      <ErrorState
        title="Work items could not be loaded"
        message={`${errorMessage(query.error)} Try again in a moment.`}
        onRetry={() => void query.refetch()}
      />
    )
  else if (query.isPending) body = <Spinner label="Loading work items…" />
  else if (query.data.length === 0)
    body = (
      <EmptyState title={state ? `No ${state} work items` : 'No work yet'}>
        A work item appears when a session’s turn needs a tool on this environment.
      </EmptyState>
    )
  else
    body = (
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Work items{state ? ` with status ${state}` : ''}</caption>
          <thead className="bg-muted text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                Session
              </th>
              <th scope="col" className="px-3 py-2">
                Claimed by
              </th>
              <th scope="col" className="px-3 py-2">
                Work dir
              </th>
              <th scope="col" className="px-3 py-2">
                Age
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((item) => (
              <tr key={item.id} className="border-t border-border align-top">
                <td className="px-3 py-2">
                  <Badge tone={tones[item.status]}>{item.status}</Badge>
                  <div className="font-mono text-xs text-muted-foreground">{item.id}</div>
                </td>
                <td className="px-3 py-2">
                  <Link
                    className="font-mono text-xs text-primary hover:underline"
                    to={`/sessions/${encodeURIComponent(item.sessionId)}`}
                  >
                    {item.sessionId}
                  </Link>
                </td>
                <td className="px-3 py-2 font-mono text-xs">
                  {item.claimedBy ?? <span className="text-muted-foreground">Unclaimed</span>}
                </td>
                <td className="max-w-64 px-3 py-2 font-mono text-xs break-all">{item.workDir ?? '—'}</td>
                <td
                  className="px-3 py-2 whitespace-nowrap"
                  title={`Created ${formatExactTime(item.createdAt)}`}
                >
                  {formatDuration(now - item.createdAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    )

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-end gap-2">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-state`}>Status</Label>
          <Select
            id={`${id}-state`}
            value={state ?? ''}
            onChange={(event) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current)
                  if (event.target.value) next.set('state', event.target.value)
                  else next.delete('state')
                  return next
                },
                { replace: true },
              )
            }
          >
            <option value="">All statuses</option>
            {WORK_ITEM_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {body}
    </div>
  )
}
