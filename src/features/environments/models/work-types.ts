import type { components } from '@/api/schema.gen'
import { t } from '@/i18n'

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

/** A status as people read it; in English the server's own word. */
export function workItemStatusLabel(status: WorkItemStatus): string {
  switch (status) {
    case 'queued':
      return t('environments.workStatus.queued')
    case 'starting':
      return t('environments.workStatus.starting')
    case 'active':
      return t('environments.workStatus.active')
    case 'stopping':
      return t('environments.workStatus.stopping')
    case 'stopped':
      return t('environments.workStatus.stopped')
  }
}
