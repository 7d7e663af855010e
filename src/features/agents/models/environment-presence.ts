import type { WorkItem } from './agent-types'
import { environmentWorkerPresence, summarizePresence } from '@/data/work/worker-presence'

/** Whether an environment can run a new session's tools now, as far as its workers show. */
export type EnvironmentHealth =
  /** sandbox, local, remote: the backend runs tools itself; there is no worker to watch. */
  | { state: 'managed' }
  /** self_hosted: some of its workers are busy or idle (worker-presence.ts decides which). */
  | { state: 'online'; busy: number; idle: number }
  /** self_hosted: its workers were seen in the last minutes but none polls or holds a fresh claim. */
  | { state: 'stale'; lastSeenAt: number | null }
  /** self_hosted: its workers went quiet long ago. */
  | { state: 'offline'; lastSeenAt: number | null }
  /** self_hosted: no worker has claimed its work yet, so none can be tied to it. */
  | { state: 'unknown' }

/**
 * An environment's health for the agent screens, from the presence of the workers that claimed
 * its work (`data/work/worker-presence.ts`): heartbeats are global and only work items tie a
 * worker to an environment.
 */
export function environmentHealth(input: {
  type: string
  workItems: readonly WorkItem[]
  workerHeartbeats: Readonly<Record<string, number>>
  now: number
}): EnvironmentHealth {
  if (input.type !== 'self_hosted') return { state: 'managed' }
  const workers = environmentWorkerPresence(input.workItems, input.workerHeartbeats, input.now)
  if (workers.length === 0) return { state: 'unknown' }
  const summary = summarizePresence(workers)
  if (summary.online > 0) return { state: 'online', busy: summary.busy, idle: summary.idle }
  const seen = workers.flatMap((worker) => (worker.lastSeenAt === null ? [] : [worker.lastSeenAt]))
  const lastSeenAt = seen.length > 0 ? Math.max(...seen) : null
  return summary.stale > 0 ? { state: 'stale', lastSeenAt } : { state: 'offline', lastSeenAt }
}
