import type { components } from '@/api/schema.gen'
import type { MockDb, WorkItemRecord } from '../db/types'

type Schemas = components['schemas']
type WorkItem = Schemas['WorkItem']
type WorkItemStatus = Schemas['WorkItemStatus']

/**
 * The coordination store's work queue (upstream JdbcCoordinationStore): enqueue, the poll's claim
 * (queued items, and claimed ones gone stale, straight to `starting`), and how items look on the
 * wire. Pure apart from mutating `db`.
 */

/** Statuses in which a worker holds the item; the poll takes them over once stale. */
export const CLAIMED_STATUSES: ReadonlySet<WorkItemStatus> = new Set(['starting', 'active'])

/** Every status the store knows; nothing in the server sets `stopping`, but the enum still has it. */
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

/**
 * The wire shape: the id is also `workId` and `leaseId`. Only the poll attaches staging metadata
 * (from the session's resources); every other read answers `{}`, as upstream does.
 */
export function toWorkItem(record: WorkItemRecord, metadata: Record<string, unknown> = {}): WorkItem {
  return { ...record, workId: record.id, leaseId: record.id, metadata }
}

/** Claimed, and no ack or heartbeat for `staleMs`: the worker is presumed gone. */
export function isStale(item: WorkItemRecord, now: number, staleMs: number): boolean {
  return CLAIMED_STATUSES.has(item.status) && item.updatedAt < now - staleMs
}

/**
 * One poll's claim: the environment's oldest item that is queued, or claimed but stale, goes to
 * `starting` under `workerId`. A stale item changes hands in this one step: there is no `queued`
 * in between and no record of the previous holder. Until some worker polls, a dead worker's item
 * stays as it was.
 */
export function claimForPoll(
  db: MockDb,
  input: { environmentId: string; workerId: string; now: number; staleMs: number },
): WorkItemRecord | null {
  let oldest: WorkItemRecord | null = null
  for (const item of db.workItems.values()) {
    if (item.environmentId !== input.environmentId) continue
    if (item.status !== 'queued' && !isStale(item, input.now, input.staleMs)) continue
    if (!oldest || item.createdAt < oldest.createdAt) oldest = item
  }
  if (!oldest) return null
  oldest.status = 'starting'
  oldest.claimedBy = input.workerId
  oldest.updatedAt = input.now
  return oldest
}

/** For the session engine: a turn on a self_hosted environment queues work for its workers. */
export function enqueueWorkItem(
  db: MockDb,
  input: { id: string; sessionId: string; environmentId: string; ownerId: string; now: number },
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
  }
  db.workItems.set(record.id, record)
  return record
}

/**
 * A poll, and only a poll, feeds `/api/hands/status` workerHeartbeats (and the mock's "which
 * environment did this worker last use" diagnosis). Item heartbeats only bump the item.
 */
export function recordWorkerPoll(
  db: MockDb,
  input: { workerId: string; environmentId: string; now: number },
): void {
  db.workerHeartbeats.set(input.workerId, input.now)
  db.workerEnvironments.set(input.workerId, { environmentId: input.environmentId, lastSeenAt: input.now })
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null

/**
 * The staging hints a poll answer carries (upstream SessionInputStager.metadataFromResources):
 * nothing without resources; otherwise the resources, the file references among them (`type`
 * file or none, by url/path/uri/file/input_file) and the first `input_file`.
 */
export function metadataFromResources(
  resources: readonly Record<string, unknown>[] | undefined,
): Record<string, unknown> {
  if (!resources || resources.length === 0) return {}
  const metadata: Record<string, unknown> = { resources }
  const files: string[] = []
  for (const resource of resources) {
    const type = resource.type
    if (type === undefined || type === null || type === 'file') {
      const ref = [resource.url, resource.path, resource.uri, resource.file, resource.input_file]
        .map(text)
        .find((value) => value !== null)
      if (ref) files.push(ref)
    }
    const inputFile = text(resource.input_file)
    if (inputFile && !('input_file' in metadata)) metadata.input_file = inputFile
  }
  if (files.length > 0) metadata.files = files
  return metadata
}
