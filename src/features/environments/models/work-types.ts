import type { WorkItem, WorkItemStatus, WorkStats } from '@/data/work/types'
import { t } from '@/i18n'

export type { WorkItem, WorkItemStatus, WorkStats }

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

/** A status as people read it; in English the server's own word. */
/** A status on its own (a filter option, a count's heading): "Queued", not "queued". */
export function workItemStatusTitle(status: WorkItemStatus): string {
  switch (status) {
    case 'queued':
      return t('environments.workStatusTitle.queued')
    case 'starting':
      return t('environments.workStatusTitle.starting')
    case 'active':
      return t('environments.workStatusTitle.active')
    case 'stopping':
      return t('environments.workStatusTitle.stopping')
    case 'stopped':
      return t('environments.workStatusTitle.stopped')
  }
}

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
