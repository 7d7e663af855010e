import type { components } from '@/api/schema.gen'

type WorkItem = components['schemas']['WorkItem']

/** Workers heartbeat every 15 s; three missed beats is what the lease allows before reclaiming. */
export const WORKER_ONLINE_WINDOW_MS = 45_000

export type KnownWorker = { workerId: string; lastSeenAt: number | null; isOnline: boolean }

/**
 * Workers known to serve an environment: those that claimed (or lost) its work. `/api/hands/status`
 * reports heartbeats for every worker without saying which environment each serves, so the claim
 * history is what ties a worker to this environment.
 */
export function environmentWorkers(
  workItems: readonly WorkItem[],
  heartbeats: Readonly<Record<string, number>>,
  now: number,
): KnownWorker[] {
  const ids = new Set<string>()
  for (const item of workItems) {
    if (item.claimedBy) ids.add(item.claimedBy)
    const previous = item.metadata.reclaimedFrom
    if (typeof previous === 'string' && previous) ids.add(previous)
  }
  return [...ids]
    .map((workerId) => {
      const lastSeenAt = heartbeats[workerId] ?? null
      return {
        workerId,
        lastSeenAt,
        isOnline: lastSeenAt !== null && now - lastSeenAt <= WORKER_ONLINE_WINDOW_MS,
      }
    })
    .sort((a, b) => (b.lastSeenAt ?? 0) - (a.lastSeenAt ?? 0))
}
