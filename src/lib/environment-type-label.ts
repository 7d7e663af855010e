import { t } from '@/i18n'

/**
 * An environment's type in words, the same on every screen (lists, pickers, badges, the session
 * page); a type this console does not know shows as the server sent it, since servers may add types.
 */
export function environmentTypeLabel(type: string): string {
  switch (type) {
    case 'self_hosted':
      return t('ui.environmentType.selfHosted')
    case 'sandbox':
      return t('ui.environmentType.sandbox')
    case 'local':
      return t('ui.environmentType.local')
    case 'remote':
      return t('ui.environmentType.remote')
    default:
      return type
  }
}
