import { t } from '@/i18n'

export type StatusTone = 'success' | 'warning' | 'danger' | 'neutral'

/** The catalog's status in words and a tone; a status added later is shown as sent. */
export function agentStatusBadge(status: string): { label: string; tone: StatusTone } {
  switch (status) {
    case 'active':
      return { label: t('agents.agentStatus.active'), tone: 'success' }
    case 'archived':
      return { label: t('agents.agentStatus.archived'), tone: 'neutral' }
    case 'provisioning':
      return { label: t('agents.agentStatus.provisioning'), tone: 'warning' }
    case 'provisioning_failed':
      return { label: t('agents.agentStatus.provisioningFailed'), tone: 'danger' }
    default:
      return { label: status, tone: 'neutral' }
  }
}
