import type { WorkerHealthSummary } from './environment-workers'
import type { WorkStats } from './work-types'
import { formatDuration } from '@/lib/format-duration'

export type QueueDiagnosis = { tone: 'danger' | 'warning'; title: string; message: string }

/** Queued work that sits this long while workers are online is not normal polling delay. */
const SLOW_CLAIM_MS = 60_000

/** Why queued work is not moving, in words an operator can act on; null when nothing is wrong. */
export function diagnoseQueue(stats: WorkStats, workers: WorkerHealthSummary): QueueDiagnosis | null {
  const queued = stats.countsByStatus.queued ?? 0
  if (queued === 0) return null
  const waited = stats.oldestQueuedAgeMs === null ? null : formatDuration(stats.oldestQueuedAgeMs)
  const items = `${queued} work item${queued === 1 ? '' : 's'} queued${waited ? `, the oldest for ${waited}` : ''}`
  if (workers.online === 0) {
    return {
      tone: 'danger',
      title: 'No worker online',
      message: `${items}, and no worker of this environment has sent a heartbeat in the last 45 s. Nobody is polling, so the sessions wait. Start a worker with this environment's id and key (see "Run your worker"). If a worker is running, check its log: a 401 means the key was rotated and the worker needs the new one.`,
    }
  }
  if (stats.oldestQueuedAgeMs !== null && stats.oldestQueuedAgeMs > SLOW_CLAIM_MS) {
    return {
      tone: 'warning',
      title: 'Queued work is not being claimed',
      message: `${items}, although ${workers.online} worker${workers.online === 1 ? ' is' : 's are'} online. Check that the workers poll this environment id with the current key, and that they are not all busy.`,
    }
  }
  return null
}
