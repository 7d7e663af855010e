import type { EnvironmentRecord, SessionRecord, WorkItemRecord } from '../db/types'
import type { MockBackend } from '../lib/backend'
import { CLAIMED_STATUSES, enqueueWorkItem } from '../lib/work-queue'

/**
 * The engine's side of the work queue, as upstream's HandsLeaseService does it: every run of a
 * turn on a self_hosted environment (the turn's start, and each resume after tool results) calls
 * `acquire`, which queues a work item only when the session holds no lease; the lease (the item's
 * id, `SessionRecord.handsLeaseId`, upstream an in-memory map) stays through suspensions and is
 * released when a run ends without suspending (the turn completed) or fails or is interrupted:
 * that item alone goes straight to `stopped` and the lease is forgotten. What became of the item
 * meanwhile does not matter: a lease whose item a worker stopped queues nothing new. So a second
 * turn gets a new item, which a worker still on the first one (it asks for pending tools by
 * session) may never claim; the session's tool calls are served all the same.
 */

/** HandsLeaseService.acquire: a new queued item unless the session holds a lease. */
export function acquireWork(
  backend: MockBackend,
  record: SessionRecord,
  environment: EnvironmentRecord,
): WorkItemRecord | null {
  if (record.handsLeaseId) return backend.db.workItems.get(record.handsLeaseId) ?? null
  if (record.handsLeaseId === undefined) {
    // Seeded or saved before leases were kept: the session's live item is its lease.
    const live = [...backend.db.workItems.values()].find(
      (item) =>
        item.sessionId === record.session.id &&
        (item.status === 'queued' || CLAIMED_STATUSES.has(item.status)),
    )
    if (live) {
      record.handsLeaseId = live.id
      return live
    }
  }
  const item = enqueueWorkItem(backend.db, {
    id: backend.ids('work'),
    sessionId: record.session.id,
    environmentId: environment.environment.id,
    ownerId: record.session.ownerId ?? environment.environment.ownerId ?? '',
    now: backend.clock.now(),
  })
  record.handsLeaseId = item.id
  return item
}

/**
 * HandsLeaseService.release: the leased item goes straight to `stopped` (nothing passes through
 * `stopping`); a worker still holding it finds out only by reading it. A session seeded or saved
 * before leases were recorded stops its live items instead.
 */
export function releaseWork(backend: MockBackend, sessionId: string): void {
  const record = backend.db.sessions.get(sessionId)
  const now = backend.clock.now()
  const stop = (item: WorkItemRecord) => {
    item.status = 'stopped'
    item.updatedAt = now
  }
  if (record?.handsLeaseId !== undefined) {
    const leased = record.handsLeaseId ? backend.db.workItems.get(record.handsLeaseId) : undefined
    if (leased) stop(leased)
    record.handsLeaseId = null
    return
  }
  for (const item of backend.db.workItems.values()) {
    if (item.sessionId === sessionId && (item.status === 'queued' || CLAIMED_STATUSES.has(item.status)))
      stop(item)
  }
  if (record) record.handsLeaseId = null
}
