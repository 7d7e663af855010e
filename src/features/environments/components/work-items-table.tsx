import { useQuery } from '@tanstack/react-query'
import { useRef } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import type { Takeover } from '@/data/work/claim-takeovers'
import { workItemsQuery } from '@/data/work/queries'
import { isStaleClaim } from '@/data/work/worker-presence'
import { useEnvironmentSessionTitles } from '../hooks/use-session-titles'
import {
  isWorkItemStatus,
  WORK_ITEM_STATUSES,
  workItemStatusLabel,
  workItemStatusTitle,
} from '../models/work-types'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Notice } from '@/components/ui/notice'
import { Select } from '@/components/ui/input'
import { ResourceName } from '@/components/ui/resource-name'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { EmptyState, Spinner } from '@/components/ui/states'
import { useT } from '@/i18n'
import { cn } from '@/lib/cn'
import { formatDuration } from '@/lib/format-duration'
import { formatExactTime } from '@/lib/format-time'
import { useKeepInView } from '@/lib/use-keep-in-view'

const tones = {
  queued: 'warning',
  starting: 'info',
  active: 'success',
  stopping: 'info',
  stopped: 'neutral',
} as const

/**
 * The URL parameter naming the work item a link points to (a session's tool card links to
 * `?tab=workers&work=<id>`), so the link is a permalink.
 */
const LINKED_WORK_PARAM = 'work'

/** The linked item: `?work=` (older links named it in the fragment, `#work-<id>`). */
function linkedWorkId(params: URLSearchParams, hash: string): string | null {
  const asked = params.get(LINKED_WORK_PARAM)
  if (asked) return asked
  if (!hash.startsWith('#work-')) return null
  try {
    return decodeURIComponent(hash.slice('#work-'.length)) || null
  } catch {
    // A malformed escape in a hand-edited link names no item.
    return null
  }
}

/**
 * The environment's work items (claims); the status filter is part of the URL, and so is the item
 * a link points to, which is scrolled into view and marked.
 */
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
  const { hash } = useLocation()
  const linkedId = linkedWorkId(params, hash)
  const linked = linkedId ? query.data?.find((item) => item.id === linkedId) : undefined
  const linkedRow = useRef<HTMLTableRowElement>(null)
  useKeepInView(linkedRow, linked?.id ?? null)
  const showAllStatuses = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('state')
        return next
      },
      { replace: true },
    )
  let linkedNote = null
  if (linkedId && query.isSuccess) {
    if (!linked)
      linkedNote = (
        <Notice tone="info">
          {state ? (
            <>
              {t('environments.workItems.linkedFiltered', {
                id: linkedId,
                status: workItemStatusLabel(state),
              })}{' '}
              <Button size="sm" onClick={showAllStatuses}>
                {t('environments.workItems.showAllStatuses')}
              </Button>
            </>
          ) : (
            t('environments.workItems.linkedMissing', { id: linkedId })
          )}
        </Notice>
      )
    else if (linked.status === 'stopped')
      linkedNote = (
        <Notice tone="info">
          {t('environments.workItems.linkedFinished', {
            id: linked.id,
            status: workItemStatusLabel(linked.status),
          })}
        </Notice>
      )
  }
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
            {query.data.map((item) => {
              const isLinked = item.id === linkedId
              return (
                <tr
                  key={item.id}
                  id={`work-${item.id}`}
                  ref={isLinked ? linkedRow : undefined}
                  aria-current={isLinked ? 'true' : undefined}
                  className={cn(
                    'scroll-mt-4 border-t border-border align-top',
                    // Marked by a bar and a label as well as the tint, not by colour alone.
                    isLinked && 'bg-primary/10 shadow-[inset_4px_0_0_var(--color-primary)]',
                  )}
                >
                  <td className="px-3 py-2">
                    <Badge tone={tones[item.status]}>{workItemStatusLabel(item.status)}</Badge>
                    {isLinked ? (
                      <Badge tone="info" className="ml-1">
                        <span aria-hidden="true">→ </span>
                        {t('environments.workItems.linked')}
                      </Badge>
                    ) : null}
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
              )
            })}
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
                  {workItemStatusTitle(status)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {linkedNote}
      {body}
    </div>
  )
}
