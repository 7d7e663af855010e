import type { components } from '@/api/schema.gen'
import type { MockDb, WorkItemRecord } from '../db/types'

type WorkItem = components['schemas']['WorkItem']
type WorkItemStatus = components['schemas']['WorkItemStatus']

/** Statuses in which a worker holds the item's lease. */
export const CLAIMED_STATUSES: ReadonlySet<WorkItemStatus> = new Set(['starting', 'active', 'stopping'])

export const WORK_ITEM_STATUSES: readonly WorkItemStatus[] = [
  'queued',
  'starting',
  'active',
  'stopping',
  'stopped',
]

export function isWorkItemStatus(value: string): value is WorkItemStatus {
  return (WORK_ITEM_STATUSES as readonly string[]).includes(value)
}

/** The wire shape: the lease deadline is bookkeeping of the mock, not a server field. */
export function toWorkItem(record: WorkItemRecord): WorkItem {
  const { leaseExpiresAt: _lease, ...item } = record
  return item
}

function leaseDeadline(item: WorkItemRecord, timeoutMs: number): number {
  // Items written without a lease (older seeds, other engine code) fall back to their last update.
  return item.leaseExpiresAt ?? item.updatedAt + timeoutMs
}

/**
 * A worker that stops heartbeating loses its claim: the item goes back to `queued` so another worker
 * can take it (upstream EnvironmentWorkQueue). Pure apart from mutating `db`; returns what it
 * reclaimed. The previous holder is kept in `metadata` so the console can explain the hand-over.
 */
export function reclaimExpiredLeases(db: MockDb, now: number, timeoutMs: number): WorkItemRecord[] {
  const reclaimed: WorkItemRecord[] = []
  for (const item of db.workItems.values()) {
    if (!CLAIMED_STATUSES.has(item.status) || leaseDeadline(item, timeoutMs) > now) continue
    if (item.status === 'stopping') {
      // The server had already released this work (the session went idle): nothing to hand over.
      item.status = 'stopped'
      item.leaseExpiresAt = null
      item.updatedAt = now
      continue
    }
    const previousCount = typeof item.metadata.reclaimCount === 'number' ? item.metadata.reclaimCount : 0
    item.metadata = {
      ...item.metadata,
      reclaimedFrom: item.claimedBy,
      reclaimedAt: now,
      reclaimCount: previousCount + 1,
    }
    item.status = 'queued'
    item.claimedBy = null
    item.workDir = null
    item.leaseExpiresAt = null
    item.updatedAt = now
    reclaimed.push(item)
  }
  return reclaimed
}

/** Claims the environment's oldest queued item for `workerId` (status `starting`, fresh lease). */
export function claimNextWorkItem(
  db: MockDb,
  input: { environmentId: string; workerId: string; now: number; leaseMs: number },
): WorkItemRecord | null {
  let oldest: WorkItemRecord | null = null
  for (const item of db.workItems.values()) {
    if (item.environmentId !== input.environmentId || item.status !== 'queued') continue
    if (!oldest || item.createdAt < oldest.createdAt) oldest = item
  }
  if (!oldest) return null
  oldest.status = 'starting'
  oldest.claimedBy = input.workerId
  oldest.updatedAt = input.now
  oldest.leaseExpiresAt = input.now + input.leaseMs
  return oldest
}

/** For the session engine: a turn on a self_hosted environment queues work for its workers. */
export function enqueueWorkItem(
  db: MockDb,
  input: {
    id: string
    sessionId: string
    environmentId: string
    ownerId: string
    now: number
    metadata?: Record<string, unknown>
  },
): WorkItemRecord {
  const record: WorkItemRecord = {
    id: input.id,
    sessionId: input.sessionId,
    environmentId: input.environmentId,
    ownerId: input.ownerId,
    status: 'queued',
    claimedBy: null,
    workDir: null,
    createdAt: input.now,
    updatedAt: input.now,
    metadata: input.metadata ?? {},
    leaseExpiresAt: null,
  }
  db.workItems.set(record.id, record)
  return record
}

/** Feeds `/api/hands/status` and the "which environment did this worker last use" diagnosis. */
export function recordWorkerSeen(
  db: MockDb,
  input: { workerId: string; environmentId: string; now: number },
): void {
  db.workerHeartbeats.set(input.workerId, input.now)
  db.workerEnvironments.set(input.workerId, { environmentId: input.environmentId, lastSeenAt: input.now })
}
