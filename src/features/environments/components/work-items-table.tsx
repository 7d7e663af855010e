import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import type { Takeover } from '@/data/work/claim-takeovers'
import { workItemsQuery } from '@/data/work/queries'
import { isStaleClaim } from '@/data/work/worker-presence'
import { useEnvironmentSessionTitles } from '../hooks/use-session-titles'
import { isWorkItemStatus, WORK_ITEM_STATUSES, workItemStatusLabel } from '../models/work-types'
import { Badge } from '@/components/ui/badge'
import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/input'
import { ResourceName } from '@/components/ui/resource-name'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { EmptyState, Spinner } from '@/components/ui/states'
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
export function WorkItemsTable({
  environmentId,
  now,
  takeovers = [],
}: {
  environmentId: string
  now: number
  /** Claims seen changing hands while the page watched, newest first. */
  takeovers?: readonly Takeover[]
}) {
  const { t } = useT('environments')
  const takenFrom = (itemId: string, worker: string) =>
    takeovers.find((takeover) => takeover.itemId === itemId && takeover.to === worker)?.from
  const [params, setParams] = useSearchParams()
  const raw = params.get('state') ?? ''
  const state = isWorkItemStatus(raw) ? raw : null
  const query = useQuery(workItemsQuery(environmentId, state))
  const sessionTitle = useEnvironmentSessionTitles(
    environmentId,
    (query.data ?? []).map((item) => item.sessionId),
  )

  let body
  if (query.isError)
    body = (
      <QueryErrorState
        title={t('environments.workItems.loadFailed')}
        error={query.error}
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
                <td className="max-w-xs px-3 py-2 text-xs">
                  <ResourceName
                    name={sessionTitle(item.sessionId)}
                    id={item.sessionId}
                    to={`/sessions/${encodeURIComponent(item.sessionId)}`}
                  />
                </td>
                <td className="px-3 py-2 font-mono text-xs">
                  {item.claimedBy ?? (
                    <span className="text-muted-foreground">{t('environments.workItems.unclaimed')}</span>
                  )}
                  {item.claimedBy && takenFrom(item.id, item.claimedBy) ? (
                    <div className="font-sans text-muted-foreground">
                      {t('environments.workItems.tookOver', { worker: takenFrom(item.id, item.claimedBy) })}
                    </div>
                  ) : null}
                  {isStaleClaim(item, now) ? (
                    <div className="font-sans text-warning">{t('environments.workItems.staleClaim')}</div>
                  ) : null}
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
        <Field label={t('environments.workItems.status')}>
          {(control) => (
            <Select
              {...control}
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
          )}
        </Field>
      </div>
      {body}
    </div>
  )
}
