import type { WorkItem, WorkItemStatus } from './types'
import { expectList, expectRecord, malformedField } from '@/api/response-guards'
import { isRecord, readText, readTime } from '@/lib/read-fields'

const STATUSES: ReadonlySet<string> = new Set<WorkItemStatus>([
  'queued',
  'starting',
  'active',
  'stopping',
  'stopped',
])

/**
 * One work item from an environment's work list. The id may come as `id`, `workId` or `leaseId`
 * (older servers send only `id`, others repeat it); a status outside the five makes the answer
 * malformed, since presence and stall diagnosis branch on it.
 */
export function decodeWorkItem(value: unknown, what = 'work item'): WorkItem {
  const record = expectRecord(value, what)
  const id = readText(record.id) ?? readText(record.workId) ?? readText(record.leaseId)
  if (id === null) throw malformedField(what, 'id')
  const sessionId = readText(record.sessionId)
  if (sessionId === null) throw malformedField(what, 'sessionId')
  const status = readText(record.status)
  if (status === null || !STATUSES.has(status)) throw malformedField(what, 'status')
  const createdAt = readTime(record.createdAt)
  if (createdAt === null) throw malformedField(what, 'createdAt')
  return {
    id,
    sessionId,
    environmentId: readText(record.environmentId) ?? '',
    ownerId: readText(record.ownerId) ?? '',
    status: status as WorkItemStatus,
    claimedBy: readText(record.claimedBy),
    workDir: readText(record.workDir),
    createdAt,
    updatedAt: readTime(record.updatedAt) ?? createdAt,
    metadata: isRecord(record.metadata) ? record.metadata : {},
  }
}

export function decodeWorkItemList(value: unknown, what = 'work items'): WorkItem[] {
  return expectList(value, what).map((item) => decodeWorkItem(item, what))
}
