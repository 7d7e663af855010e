import { t } from '@/i18n'

/** An environment's type as the reader says it; a type this console does not know shows as sent. */
export function environmentTypeLabel(type: string): string {
  switch (type) {
    case 'self_hosted':
      return t('sessions.environmentTypes.selfHosted')
    case 'sandbox':
      return t('sessions.environmentTypes.sandbox')
    case 'local':
      return t('sessions.environmentTypes.local')
    case 'remote':
      return t('sessions.environmentTypes.remote')
    default:
      return type
  }
}
