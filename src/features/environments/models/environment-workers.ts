import { isCurrentClaim, type WorkItem } from './work-types'
import { workerHealth, type WorkerHealth } from './worker-health'

export type EnvironmentWorker = {
  workerId: string
  lastHeartbeatAt: number | null
  health: WorkerHealth
  /** Claims held now (starting, active, stopping). */
  claims: WorkItem[]
  /** Last time a work item of this environment was touched by this worker. */
  lastClaimAt: number
}

const HEALTH_ORDER: Record<WorkerHealth, number> = { online: 0, stale: 1, offline: 2, unknown: 3 }

/**
 * The API has no per-environment worker list: heartbeats are global (`/api/hands/status`) and
 * only work items say which worker served which environment. A worker therefore belongs to this
 * environment once it has claimed work here.
 */
export function environmentWorkers(
  items: readonly WorkItem[],
  heartbeats: Readonly<Record<string, number>>,
  now: number,
): EnvironmentWorker[] {
  const byId = new Map<string, EnvironmentWorker>()
  for (const item of items) {
    if (!item.claimedBy) continue
    const heartbeat = Object.hasOwn(heartbeats, item.claimedBy) ? heartbeats[item.claimedBy] : undefined
    const worker = byId.get(item.claimedBy) ?? {
      workerId: item.claimedBy,
      lastHeartbeatAt: heartbeat ?? null,
      health: workerHealth(heartbeat, now),
      claims: [],
      lastClaimAt: item.updatedAt,
    }
    if (isCurrentClaim(item)) worker.claims.push(item)
    worker.lastClaimAt = Math.max(worker.lastClaimAt, item.updatedAt)
    byId.set(item.claimedBy, worker)
  }
  return [...byId.values()].sort(
    (a, b) =>
      HEALTH_ORDER[a.health] - HEALTH_ORDER[b.health] ||
      (b.lastHeartbeatAt ?? 0) - (a.lastHeartbeatAt ?? 0) ||
      a.workerId.localeCompare(b.workerId),
  )
}

export type UnlinkedWorker = { workerId: string; lastHeartbeatAt: number; health: WorkerHealth }

/** Workers the dataplane hears from that have no claim here: new, idle, or another environment's. */
export function unlinkedWorkers(
  heartbeats: Readonly<Record<string, number>>,
  linkedIds: ReadonlySet<string>,
  now: number,
  since: number,
): UnlinkedWorker[] {
  return Object.entries(heartbeats)
    .filter(([workerId, at]) => !linkedIds.has(workerId) && at >= since)
    .map(([workerId, at]) => ({ workerId, lastHeartbeatAt: at, health: workerHealth(at, now) }))
    .sort((a, b) => b.lastHeartbeatAt - a.lastHeartbeatAt || a.workerId.localeCompare(b.workerId))
}

export type WorkerHealthSummary = Record<WorkerHealth, number> & { total: number }

export function summarizeWorkerHealth(workers: readonly { health: WorkerHealth }[]): WorkerHealthSummary {
  const summary: WorkerHealthSummary = { online: 0, stale: 0, offline: 0, unknown: 0, total: workers.length }
  for (const worker of workers) summary[worker.health] += 1
  return summary
}
