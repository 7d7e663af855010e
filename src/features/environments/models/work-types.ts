import type { components } from '@/api/schema.gen'

export type WorkItem = components['schemas']['WorkItem']
export type WorkItemStatus = components['schemas']['WorkItemStatus']
export type WorkStats = components['schemas']['WorkStats']
export type HandsStatus = components['schemas']['HandsStatus']

export const WORK_ITEM_STATUSES: readonly WorkItemStatus[] = [
  'queued',
  'starting',
  'active',
  'stopping',
  'stopped',
]

/** A claim a worker holds now: claimed and not yet stopped. */
export function isCurrentClaim(item: WorkItem): boolean {
  return (
    item.claimedBy !== null &&
    (item.status === 'starting' || item.status === 'active' || item.status === 'stopping')
  )
}

export function isWorkItemStatus(value: string): value is WorkItemStatus {
  return (WORK_ITEM_STATUSES as readonly string[]).includes(value)
}
