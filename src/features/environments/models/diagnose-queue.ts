import type { WorkStats } from './work-types'
import type { PresenceSummary } from '@/data/work/worker-presence'
import { t } from '@/i18n'
import { formatDuration } from '@/lib/format-duration'

export type QueueDiagnosis = { tone: 'danger' | 'warning'; title: string; message: string }

/** Queued work that sits this long while workers are online is not normal polling delay. */
const SLOW_CLAIM_MS = 60_000

/** Why queued work is not moving, in words an operator can act on; null when nothing is wrong. */
export function diagnoseQueue(
  stats: WorkStats,
  workers: Pick<PresenceSummary, 'online'>,
): QueueDiagnosis | null {
  const queued = stats.countsByStatus.queued ?? 0
  if (queued === 0) return null
  const waited = stats.oldestQueuedAgeMs === null ? null : formatDuration(stats.oldestQueuedAgeMs)
  const items = waited
    ? t('environments.queue.itemsQueuedOldest', { count: queued, waited })
    : t('environments.queue.itemsQueued', { count: queued })
  if (workers.online === 0) {
    return {
      tone: 'danger',
      title: t('environments.queue.noWorkerTitle'),
      message: t('environments.queue.noWorker', { items }),
    }
  }
  if (stats.oldestQueuedAgeMs !== null && stats.oldestQueuedAgeMs > SLOW_CLAIM_MS) {
    return {
      tone: 'warning',
      title: t('environments.queue.notClaimedTitle'),
      message: t('environments.queue.notClaimed', { items, online: workers.online }),
    }
  }
  return null
}
