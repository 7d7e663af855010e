import { t } from '@/i18n'

/**
 * A status word as people read it ("requires action", 排队中). Statuses are an open set (servers
 * add new ones), so an unknown one is shown as sent, with its underscores spaced out.
 */
export function statusLabel(status: string): string {
  switch (status) {
    case 'accepted':
      return t('sessions.status.accepted')
    case 'active':
      return t('sessions.status.active')
    case 'archived':
      return t('sessions.status.archived')
    case 'cancel_requested':
      return t('sessions.status.cancelRequested')
    case 'cancelled':
      return t('sessions.status.cancelled')
    case 'completed':
      return t('sessions.status.completed')
    case 'created':
      return t('sessions.status.created')
    case 'denied':
      return t('sessions.status.denied')
    case 'dispatched':
      return t('sessions.status.dispatched')
    case 'error':
      return t('sessions.status.error')
    case 'failed':
      return t('sessions.status.failed')
    case 'idle':
      return t('sessions.status.idle')
    case 'in progress':
    case 'in_progress':
      return t('sessions.status.inProgress')
    case 'interrupted':
      return t('sessions.status.interrupted')
    case 'pending':
      return t('sessions.status.pending')
    case 'queued':
      return t('sessions.status.queued')
    case 'rejected':
      return t('sessions.status.rejected')
    case 'requested':
      return t('sessions.status.requested')
    case 'requires_action':
      return t('sessions.status.requiresAction')
    case 'resolved':
      return t('sessions.status.resolved')
    case 'running':
      return t('sessions.status.running')
    case 'starting':
      return t('sessions.status.starting')
    case 'stopped':
      return t('sessions.status.stopped')
    case 'stopping':
      return t('sessions.status.stopping')
    case 'suspended':
      return t('sessions.status.suspended')
    case 'terminated':
      return t('sessions.status.terminated')
    case 'unknown':
      return t('sessions.status.unknown')
    default:
      return status.replace(/_/g, ' ')
  }
}
