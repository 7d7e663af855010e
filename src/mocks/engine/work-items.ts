import type { EnvironmentRecord, SessionRecord, WorkItemRecord } from '../db/types'
import type { MockBackend } from '../lib/backend'
import { CLAIMED_STATUSES, enqueueWorkItem } from '../lib/work-queue'

/**
 * The engine's side of the work queue (upstream HandsLeaseService): a turn on a self_hosted
 * environment needs a worker for its session, and releases it when the session falls idle.
 */

function itemsOf(backend: MockBackend, sessionId: string): WorkItemRecord[] {
  return [...backend.db.workItems.values()].filter((item) => item.sessionId === sessionId)
}

/** The session's live work item (queued or claimed), reused as long as it lives; else a new one. */
export function ensureWorkItem(
  backend: MockBackend,
  record: SessionRecord,
  environment: EnvironmentRecord,
): WorkItemRecord {
  const live = itemsOf(backend, record.session.id).find(
    (item) =>
      item.environmentId === environment.environment.id &&
      (item.status === 'queued' || CLAIMED_STATUSES.has(item.status)),
  )
  if (live) return live
  return enqueueWorkItem(backend.db, {
    id: backend.ids('work'),
    sessionId: record.session.id,
    environmentId: environment.environment.id,
    ownerId: record.session.ownerId ?? environment.environment.ownerId ?? '',
    now: backend.clock.now(),
  })
}

/**
 * The session went idle: its items go straight to `stopped`, claimed or not. Nothing passes
 * through `stopping`; a worker still holding the item finds out by reading it.
 */
export function releaseWork(backend: MockBackend, sessionId: string): void {
  const now = backend.clock.now()
  for (const item of itemsOf(backend, sessionId)) {
    if (item.status === 'stopped') continue
    item.status = 'stopped'
    item.updatedAt = now
  }
}
