import { useQuery } from '@tanstack/react-query'
import { workStatsQuery } from '../api/queries'
import { diagnoseQueue } from '../models/diagnose-queue'
import type { WorkerHealthSummary } from '../models/environment-workers'
import { WORK_ITEM_STATUSES } from '../models/work-types'
import { errorMessage } from '@/api/api-error'
import { Notice } from '@/components/ui/notice'
import { ErrorState, Spinner } from '@/components/ui/states'
import { formatDuration } from '@/lib/format-duration'

/** Counts by status, the oldest queued age, and why queued work is stuck when it is. */
export function QueueStats({
  environmentId,
  workers,
}: {
  environmentId: string
  workers: WorkerHealthSummary | null
}) {
  const stats = useQuery(workStatsQuery(environmentId))
  if (stats.isError)
    return (
      <ErrorState
        title="Queue statistics could not be loaded"
        message={`${errorMessage(stats.error)} Try again in a moment.`}
        onRetry={() => void stats.refetch()}
      />
    )
  if (stats.isPending) return <Spinner label="Loading queue statistics…" />
  const diagnosis = workers ? diagnoseQueue(stats.data, workers) : null
  const { countsByStatus, oldestQueuedAgeMs } = stats.data
  return (
    <div className="flex flex-col gap-3">
      {diagnosis ? (
        <Notice tone={diagnosis.tone} title={diagnosis.title} role="status">
          {diagnosis.message}
        </Notice>
      ) : null}
      <div role="group" aria-label="Work items by status">
        <dl className="flex flex-wrap gap-3 text-sm">
          {WORK_ITEM_STATUSES.map((status) => (
            <div key={status} className="min-w-24 rounded-md border border-border px-3 py-2">
              <dt className="text-xs text-muted-foreground capitalize">{status}</dt>
              <dd className="text-lg font-semibold">{countsByStatus[status] ?? 0}</dd>
            </div>
          ))}
          <div className="min-w-32 rounded-md border border-border px-3 py-2">
            <dt className="text-xs text-muted-foreground">Oldest queued</dt>
            <dd className="text-lg font-semibold">
              {oldestQueuedAgeMs === null ? 'None' : formatDuration(oldestQueuedAgeMs)}
            </dd>
          </div>
        </dl>
      </div>
    </div>
  )
}
