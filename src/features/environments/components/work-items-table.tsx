import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link, useSearchParams } from 'react-router'
import { workItemsQuery } from '@/data/work/queries'
import { isWorkItemStatus, WORK_ITEM_STATUSES, workItemStatusLabel } from '../models/work-types'
import { errorMessage } from '@/api/api-error'
import { Badge } from '@/components/ui/badge'
import { Label, Select } from '@/components/ui/input'
import { EmptyState, ErrorState, Spinner } from '@/components/ui/states'
import { useT } from '@/i18n'
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
  const { t } = useT('environments')
  const id = useId()
  const [params, setParams] = useSearchParams()
  const raw = params.get('state') ?? ''
  const state = isWorkItemStatus(raw) ? raw : null
  const query = useQuery(workItemsQuery(environmentId, state))

  let body
  if (query.isError)
    body = (
      <ErrorState
        title={t('environments.workItems.loadFailed')}
        message={t('environments.common.tryAgainLater', { error: errorMessage(query.error) })}
        onRetry={() => void query.refetch()}
      />
    )
  else if (query.isPending) body = <Spinner label={t('environments.workItems.loading')} />
  else if (query.data.length === 0)
    body = (
      <EmptyState
        title={
          state
            ? t('environments.workItems.noneWithStatus', { status: workItemStatusLabel(state) })
            : t('environments.workItems.none')
        }
      >
        {t('environments.workItems.emptyHint')}
      </EmptyState>
    )
  else
    body = (
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {state
              ? t('environments.workItems.captionWithStatus', { status: workItemStatusLabel(state) })
              : t('environments.workItems.caption')}
          </caption>
          <thead className="bg-muted text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('environments.workItems.status')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('environments.workItems.session')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('environments.workItems.claimedBy')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('environments.workItems.workDir')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('environments.workItems.age')}
              </th>
            </tr>
          </thead>
          <tbody>
            {query.data.map((item) => (
              <tr key={item.id} className="border-t border-border align-top">
                <td className="px-3 py-2">
                  <Badge tone={tones[item.status]}>{workItemStatusLabel(item.status)}</Badge>
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
                  {item.claimedBy ?? (
                    <span className="text-muted-foreground">{t('environments.workItems.unclaimed')}</span>
                  )}
                </td>
                <td className="max-w-64 px-3 py-2 font-mono text-xs break-all">{item.workDir ?? '—'}</td>
                <td
                  className="px-3 py-2 whitespace-nowrap"
                  title={t('environments.workItems.createdAt', { time: formatExactTime(item.createdAt) })}
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
          <Label htmlFor={`${id}-state`}>{t('environments.workItems.status')}</Label>
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
            <option value="">{t('environments.workItems.allStatuses')}</option>
            {WORK_ITEM_STATUSES.map((status) => (
              <option key={status} value={status}>
                {workItemStatusLabel(status)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {body}
    </div>
  )
}
