import type { MockBackend } from '../lib/backend'
import type { EnvironmentRecord, SessionRecord, WorkItemRecord } from '../db/types'
import { CLAIMED_STATUSES, enqueueWorkItem } from '../lib/work-queue'
import { isolationPartition } from './workspace-files'

/**
 * The engine's side of the work queue: a turn on a self_hosted environment needs a worker for its
 * session, and lets it go when the session falls idle (`stopping`; the worker then stops it).
 */

function itemsOf(backend: MockBackend, sessionId: string): WorkItemRecord[] {
  return [...backend.db.workItems.values()].filter((item) => item.sessionId === sessionId)
}

/**
 * The session's live work item: reused while queued or claimed, taken back from `stopping` (the
 * worker still holds it), otherwise a new one is queued for the environment's workers.
 */
export function ensureWorkItem(
  backend: MockBackend,
  record: SessionRecord,
  environment: EnvironmentRecord,
): WorkItemRecord {
  const now = backend.clock.now()
  const live = itemsOf(backend, record.session.id).find(
    (item) =>
      item.environmentId === environment.environment.id &&
      (item.status === 'queued' || CLAIMED_STATUSES.has(item.status)),
  )
  if (live) {
    if (live.status === 'stopping') {
      live.status = 'active'
      live.updatedAt = now
    }
    return live
  }
  const partition = isolationPartition(environment.environment, record.session)
  return enqueueWorkItem(backend.db, {
    id: backend.ids('work'),
    sessionId: record.session.id,
    environmentId: environment.environment.id,
    ownerId: record.session.ownerId ?? environment.environment.ownerId ?? '',
    now,
    // The worker stages these and picks its directory from `workspace` (the isolation partition).
    metadata: {
      resources: record.session.resources ?? [],
      isolationScope: partition.scope,
      workspace: partition.name,
    },
  })
}

/** The session went idle: claimed items move to `stopping`, never-claimed ones are dropped (`stopped`). */
export function releaseWork(backend: MockBackend, sessionId: string): void {
  const now = backend.clock.now()
  for (const item of itemsOf(backend, sessionId)) {
    if (item.status === 'starting' || item.status === 'active') item.status = 'stopping'
    else if (item.status === 'queued') {
      item.status = 'stopped'
      item.leaseExpiresAt = null
    } else continue
    item.updatedAt = now
  }
}
