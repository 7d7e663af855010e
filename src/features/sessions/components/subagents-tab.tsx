import { useQueries, useQuery } from '@tanstack/react-query'
import { useFamilyStatus } from '@/data/server/queries'
import { snapshotQuery } from '@/data/sessions/queries'
import { routeLogId, type SessionRoute } from '@/data/sessions/session-route'
import { subagentsQuery, treeUsageQuery, type Subagent } from '@/data/sessions/subagents'
import type { ResourceEnvelope, Snapshot, Usage } from '@/data/sessions/types'
import { subagentPath } from '../models/subagent-path'
import { StatusBadge } from './status-badge'
import { VisibleText } from '@/components/text/visible-text'
import { FamilyUnavailable } from '@/components/ui/family-unavailable'
import { Link } from '@/components/ui/link'
import { Notice } from '@/components/ui/notice'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { EmptyState, LoadingState } from '@/components/ui/states'
import { useT } from '@/i18n'
import { formatNumber } from '@/lib/format-number'
import { readText } from '@/lib/read-fields'

/** Upstream's view holds only pending requests; a server that keeps answered ones marks them so. */
const ANSWERED = new Set(['accepted', 'resolved'])

export function pendingRequests(actions: readonly ResourceEnvelope[]): number {
  return actions.filter((action) => !ANSWERED.has(readText(action.data.status) ?? '')).length
}

export function totalTokens(usage: Usage): number {
  const total = usage.totals.total_tokens
  if (typeof total === 'number') return total
  const input = usage.totals.input_tokens
  const output = usage.totals.output_tokens
  return (typeof input === 'number' ? input : 0) + (typeof output === 'number' ? output : 0)
}

/** The root session's usage with its descendants, and why the figures are not one snapshot. */
function TreeUsagePanel({ sessionId }: { sessionId: string }) {
  const { t } = useT('sessions:inspector')
  const usage = useQuery(treeUsageQuery(sessionId))
  if (usage.isPending) return null
  if (usage.isError) {
    return (
      <QueryErrorState
        title={t('sessions.subagents.treeUsage.loadError')}
        error={usage.error}
        onRetry={() => void usage.refetch()}
      />
    )
  }
  const { usage: figures, watermarks } = usage.data
  const cost = figures.estimated_cost
  return (
    <section
      aria-labelledby="tree-usage-title"
      className="flex flex-col gap-1 rounded-md border border-border bg-card p-3 text-sm"
    >
      <h3 id="tree-usage-title" className="font-semibold">
        {t('sessions.subagents.treeUsage.title')}
      </h3>
      <p>
        {t('sessions.subagents.treeUsage.figures', {
          tokens: formatNumber(totalTokens(figures)),
          calls: figures.model_calls,
          sessions: Math.max(1, Object.keys(watermarks).length),
        })}
      </p>
      {cost !== undefined ? (
        <p>
          {t('sessions.subagents.treeUsage.cost', {
            cost: `${cost.toFixed(4)}${figures.currency ? ` ${figures.currency}` : ''}`,
          })}
        </p>
      ) : null}
      {figures.unpriced_calls ? (
        <p>{t('sessions.subagents.treeUsage.costIncomplete', { count: figures.unpriced_calls })}</p>
      ) : null}
      <p className="text-muted-foreground">{t('sessions.subagents.treeUsage.perSession')}</p>
    </section>
  )
}

function ChildRow({
  rootId,
  chain,
  child,
  snapshot,
}: {
  rootId: string
  chain: readonly string[]
  child: Subagent
  snapshot: Snapshot | undefined
}) {
  const { t } = useT('sessions:inspector')
  const pending = snapshot ? pendingRequests(snapshot.required_actions) : null
  const name = child.taskId ?? child.childId
  return (
    <tr className="border-t border-border">
      <td className="py-2 pr-3 align-top">
        <Link
          className="font-mono text-primary hover:underline"
          to={subagentPath(rootId, [...chain, child.childId])}
          aria-label={t('sessions.subagents.open', { child: name })}
        >
          {child.childId}
        </Link>
      </td>
      <td className="py-2 pr-3 align-top">
        {child.taskId ? (
          <VisibleText text={child.taskId} />
        ) : (
          <span className="text-muted-foreground">{t('sessions.subagents.noTask')}</span>
        )}
      </td>
      <td className="py-2 pr-3 align-top">
        <StatusBadge status={child.status} />
      </td>
      <td className="py-2 pr-3 align-top">
        {pending === null
          ? t('sessions.subagents.notRead')
          : pending === 0
            ? t('sessions.subagents.noPending')
            : t('sessions.subagents.pending', { count: pending })}
      </td>
      <td className="py-2 align-top tabular-nums">
        {snapshot ? formatNumber(totalTokens(snapshot.usage)) : t('sessions.subagents.notRead')}
      </td>
    </tr>
  )
}

/**
 * The children of a session (or of a sub-agent: `route` names it through its root) with their
 * status, task, pending requests and usage, each read from the child's own snapshot. The root's
 * tab also shows the tree's usage roll-up.
 */
export function SubagentsTab({ route, chain }: { route: SessionRoute; chain: readonly string[] }) {
  const { t } = useT('sessions', 'sessions:inspector')
  const family = useFamilyStatus('subagents')
  const list = useQuery({ ...subagentsQuery(route), enabled: family !== 'absent' })
  const children = list.data?.children ?? []
  const snapshots = useQueries({
    queries: children.map((child) => snapshotQuery({ sessionId: route.sessionId, childId: child.childId })),
  })
  if (family === 'absent') return <FamilyUnavailable family="subagents" />
  if (list.isPending) return <LoadingState label={t('sessions.subagents.loading')} />
  if (list.isError) {
    return (
      <QueryErrorState
        title={t('sessions.subagents.loadError')}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    )
  }
  return (
    <div className="flex flex-col gap-4" data-testid="subagents-panel">
      <p className="text-sm text-muted-foreground">{t('sessions.subagents.intro')}</p>
      {route.childId === undefined ? <TreeUsagePanel sessionId={route.sessionId} /> : null}
      {children.length === 0 ? (
        <EmptyState title={t('sessions.subagents.none')} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              {t('sessions.subagents.table', { session: routeLogId(route) })}
            </caption>
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('sessions.subagents.column.child')}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('sessions.subagents.column.task')}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('sessions.subagents.column.status')}
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('sessions.subagents.column.actions')}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {t('sessions.subagents.column.usage')}
                </th>
              </tr>
            </thead>
            <tbody>
              {children.map((child, index) => (
                <ChildRow
                  key={child.childId}
                  rootId={route.sessionId}
                  chain={chain}
                  child={child}
                  snapshot={snapshots[index]?.data}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {children.some((_, index) => snapshots[index]?.isError) ? (
        <Notice tone="warning">{t('sessions.subagents.lanes.failed')}</Notice>
      ) : null}
    </div>
  )
}
