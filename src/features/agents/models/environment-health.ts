import type { HandsStatus, WorkItem } from './agent-types'

/**
 * A worker heartbeats every 15 s and loses its lease after 45 s without one (the mock's and the
 * dataplane's default), so a heartbeat older than that no longer counts as online.
 */
export const WORKER_STALE_AFTER_MS = 45_000

export type EnvironmentHealth =
  /** sandbox, local, remote: the backend runs tools itself; there is no worker to watch. */
  | { state: 'managed' }
  /** self_hosted: at least one of its workers heartbeated recently. */
  | { state: 'online'; workerIds: string[]; lastSeenAt: number }
  /** self_hosted: workers have claimed its work before, but none heartbeated recently. */
  | { state: 'offline'; workerIds: string[]; lastSeenAt: number | null }
  /** self_hosted: no worker has claimed work here yet, so none can be tied to it. */
  | { state: 'unknown' }

/**
 * The server has no per-environment worker endpoint (api-notes §8.2): heartbeats are global,
 * keyed by worker id. A worker belongs to an environment once it has claimed that environment's
 * work, so the workers are the `claimedBy` of its work items, and their heartbeats decide.
 */
export function deriveEnvironmentHealth(input: {
  type: string
  workItems: readonly Pick<WorkItem, 'claimedBy'>[]
  workerHeartbeats: HandsStatus['workerHeartbeats']
  now: number
  staleAfterMs?: number
}): EnvironmentHealth {
  if (input.type !== 'self_hosted') return { state: 'managed' }
  const staleAfterMs = input.staleAfterMs ?? WORKER_STALE_AFTER_MS
  const workerIds = [
    ...new Set(input.workItems.flatMap((item) => (item.claimedBy ? [item.claimedBy] : []))),
  ].sort()
  if (workerIds.length === 0) return { state: 'unknown' }
  const seen = workerIds.flatMap((workerId) => {
    const at = input.workerHeartbeats[workerId]
    return typeof at === 'number' ? [{ workerId, at }] : []
  })
  const online = seen.filter((worker) => input.now - worker.at <= staleAfterMs)
  if (online.length > 0) {
    return {
      state: 'online',
      workerIds: online.map((worker) => worker.workerId),
      lastSeenAt: Math.max(...online.map((worker) => worker.at)),
    }
  }
  return {
    state: 'offline',
    workerIds,
    lastSeenAt: seen.length > 0 ? Math.max(...seen.map((worker) => worker.at)) : null,
  }
}
