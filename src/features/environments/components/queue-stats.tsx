import { useQuery } from '@tanstack/react-query'
import { workStatsQuery } from '@/data/work/queries'
import { diagnoseQueue } from '../models/diagnose-queue'
import { WORK_ITEM_STATUSES, workItemStatusTitle } from '../models/work-types'
import { Notice } from '@/components/ui/notice'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { Spinner } from '@/components/ui/states'
import type { PresenceSummary } from '@/data/work/worker-presence'
import { useT } from '@/i18n'
import { formatDuration } from '@/lib/format-duration'
import { formatNumber } from '@/lib/format-number'

/** Counts by status, the oldest queued age, and why queued work is stuck when it is. */
export function QueueStats({
  environmentId,
  workers,
}: {
  environmentId: string
  workers: PresenceSummary | null
}) {
  const { t } = useT('environments')
  const stats = useQuery(workStatsQuery(environmentId))
  if (stats.isError)
    return (
      <QueryErrorState
        title={t('environments.queueStats.loadFailed')}
        error={stats.error}
        onRetry={() => void stats.refetch()}
      />
    )
  if (stats.isPending) return <Spinner label={t('environments.queueStats.loading')} />
  const diagnosis = workers ? diagnoseQueue(stats.data, workers) : null
  const { countsByStatus, oldestQueuedAgeMs } = stats.data
  return (
    <div className="flex flex-col gap-3">
      {diagnosis ? (
        <Notice tone={diagnosis.tone} title={diagnosis.title} role="status">
          {diagnosis.message}
        </Notice>
      ) : null}
      <div role="group" aria-label={t('environments.queueStats.byStatus')}>
        <dl className="flex flex-wrap gap-3 text-sm">
          {WORK_ITEM_STATUSES.map((status) => (
            <div key={status} className="min-w-24 rounded-md border border-border px-3 py-2">
              <dt className="text-xs text-muted-foreground">{workItemStatusTitle(status)}</dt>
              <dd className="text-lg font-semibold">{formatNumber(countsByStatus[status] ?? 0)}</dd>
            </div>
          ))}
          <div className="min-w-32 rounded-md border border-border px-3 py-2">
            <dt className="text-xs text-muted-foreground">{t('environments.queueStats.oldestQueued')}</dt>
            <dd className="text-lg font-semibold">
              {oldestQueuedAgeMs === null ? t('environments.common.none') : formatDuration(oldestQueuedAgeMs)}
            </dd>
          </div>
        </dl>
      </div>
    </div>
  )
}
