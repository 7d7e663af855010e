import type { WorkItem } from '@/data/work/types'
import { t } from '@/i18n'

/**
 * A session's status in the environment's usage list, in words. Statuses are an open set, so one
 * this console does not know is shown as sent with its underscores spaced out. A session that
 * requires action while its work is open on this environment's queue waits for a worker, not for
 * an answer: `work` is that item, when there is one.
 */
export function sessionStatusLabel(status: string, work?: Pick<WorkItem, 'status'>): string {
  if (status === 'requires_action' && work) {
    if (work.status === 'queued' || work.status === 'starting')
      return t('environments.usage.sessionStatus.waitingForWorker')
    if (work.status === 'active') return t('environments.usage.sessionStatus.waitingForWorkerResult')
  }
  switch (status) {
    case 'idle':
      return t('environments.usage.sessionStatus.idle')
    case 'running':
      return t('environments.usage.sessionStatus.running')
    case 'requires_action':
      return t('environments.usage.sessionStatus.requiresAction')
    case 'completed':
      return t('environments.usage.sessionStatus.completed')
    case 'failed':
      return t('environments.usage.sessionStatus.failed')
    case 'cancelled':
      return t('environments.usage.sessionStatus.cancelled')
    case 'queued':
      return t('environments.usage.sessionStatus.queued')
    case 'active':
      return t('environments.usage.sessionStatus.active')
    case 'archived':
      return t('environments.usage.sessionStatus.archived')
    case 'terminated':
      return t('environments.usage.sessionStatus.terminated')
    default:
      return status.replaceAll('_', ' ')
  }
}
