import type { WorkItem } from './types'

/**
 * How the console tells whether a self-hosted worker is there, from what the server exposes
 * (api-notes C12, C13): `/api/hands/status` `workerHeartbeats[workerId]` is refreshed only when a
 * worker polls, and the upstream worker polls only between items, staying on one for up to about
 * two idle minutes; while it works, only the `updatedAt` of the items it holds moves (per-item
 * heartbeats). So a worker is online when it polled recently OR holds a claim that moved recently,
 * and the second case is shown as "busy" rather than letting a working worker look offline.
 */

/** The upstream worker long-polls for 25 s; three missed polls means it is not polling. */
export const POLL_FRESH_MS = 45_000
/** Upstream: an item whose `updatedAt` is this old is stale and goes to the next other worker that polls. */
export const CLAIM_FRESH_MS = 60_000
/** Past this without a poll or a moving claim, a worker is offline rather than stale. */
export const SEEN_RECENTLY_MS = 5 * 60_000

/** busy: holds a claim that moved recently; idle: polled recently and holds no fresh claim. */
export type WorkerState = 'busy' | 'idle' | 'stale' | 'offline' | 'unknown'

export type WorkerPresence = {
  workerId: string
  state: WorkerState
  /** busy or idle: the worker is doing work or can take it now. */
  isOnline: boolean
  /** When it last polled (`workerHeartbeats`), if the server has heard a poll. */
  lastPollAt: number | null
  /** The latest `updatedAt` among the items it claimed. */
  lastActivityAt: number | null
  /** Whichever of the two is later: when the console last had a sign of it. */
  lastSeenAt: number | null
  /** Items it holds now (starting, active, stopping), newest first. */
  claims: WorkItem[]
  /** Its starting/active items that have not moved for CLAIM_FRESH_MS: the next poll of another worker takes them. */
  staleClaims: WorkItem[]
}

const HOLDING: ReadonlySet<string> = new Set(['starting', 'active'])

function age(at: number, now: number): number {
  // A time "from the future" is clock skew between browser and server: it is fresh.
  return Math.max(0, now - at)
}

/** A claim the worker holds now. */
export function isCurrentClaim(item: WorkItem): boolean {
  return Boolean(item.claimedBy) && (HOLDING.has(item.status) || item.status === 'stopping')
}

/** A starting/active item nobody has touched for CLAIM_FRESH_MS (C13: up for takeover). */
export function isStaleClaim(item: WorkItem, now: number): boolean {
  return Boolean(item.claimedBy) && HOLDING.has(item.status) && age(item.updatedAt, now) >= CLAIM_FRESH_MS
}

function isFreshClaim(item: WorkItem, now: number): boolean {
  return Boolean(item.claimedBy) && HOLDING.has(item.status) && age(item.updatedAt, now) < CLAIM_FRESH_MS
}

function finite(value: number | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/** One worker's presence from the items it claimed (any environment's) and the poll heartbeats. */
export function workerPresence(
  workerId: string,
  items: readonly WorkItem[],
  heartbeats: Readonly<Record<string, number>>,
  now: number,
): WorkerPresence {
  const own = items.filter((item) => item.claimedBy === workerId)
  const lastPollAt = finite(Object.hasOwn(heartbeats, workerId) ? heartbeats[workerId] : undefined)
  // Only a claim still held says the worker was there: the server stops a session's items itself
  // when the session goes idle (C11), which moves `updatedAt` of items whose worker may be long gone.
  const held = own.filter(isCurrentClaim)
  const lastActivityAt = held.length > 0 ? Math.max(...held.map((item) => item.updatedAt)) : null
  const lastSeenAt =
    lastPollAt === null && lastActivityAt === null ? null : Math.max(lastPollAt ?? 0, lastActivityAt ?? 0)
  const isBusy = own.some((item) => isFreshClaim(item, now))
  const hasPolled = lastPollAt !== null && age(lastPollAt, now) < POLL_FRESH_MS
  const state: WorkerState = isBusy
    ? 'busy'
    : hasPolled
      ? 'idle'
      : lastSeenAt === null
        ? 'unknown'
        : age(lastSeenAt, now) < SEEN_RECENTLY_MS
          ? 'stale'
          : 'offline'
  return {
    workerId,
    state,
    isOnline: state === 'busy' || state === 'idle',
    lastPollAt,
    lastActivityAt,
    lastSeenAt,
    claims: held.sort((a, b) => b.updatedAt - a.updatedAt),
    staleClaims: own.filter((item) => isStaleClaim(item, now)),
  }
}

const STATE_ORDER: Record<WorkerState, number> = { busy: 0, idle: 1, stale: 2, offline: 3, unknown: 4 }

/**
 * The workers of one environment. The API has no per-environment worker list: heartbeats are
 * global and only work items say which worker served which environment, so a worker belongs to
 * an environment once it has claimed work there. Busy first, then idle, then by last sign.
 */
export function environmentWorkerPresence(
  items: readonly WorkItem[],
  heartbeats: Readonly<Record<string, number>>,
  now: number,
): WorkerPresence[] {
  const ids = new Set(items.flatMap((item) => (item.claimedBy ? [item.claimedBy] : [])))
  return [...ids]
    .map((workerId) => workerPresence(workerId, items, heartbeats, now))
    .sort(
      (a, b) =>
        STATE_ORDER[a.state] - STATE_ORDER[b.state] ||
        (b.lastSeenAt ?? 0) - (a.lastSeenAt ?? 0) ||
        a.workerId.localeCompare(b.workerId),
    )
}

export type PresenceSummary = Record<WorkerState, number> & {
  total: number
  /** busy + idle: workers that are there. */
  online: number
}

export function summarizePresence(workers: readonly Pick<WorkerPresence, 'state'>[]): PresenceSummary {
  const counts: Record<WorkerState, number> = { busy: 0, idle: 0, stale: 0, offline: 0, unknown: 0 }
  for (const worker of workers) counts[worker.state] += 1
  return { ...counts, total: workers.length, online: counts.busy + counts.idle }
}
