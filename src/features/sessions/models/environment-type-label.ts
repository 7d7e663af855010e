import { t } from '@/i18n'
import { markInvisibleCharacters } from '@/lib/invisible-characters'

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

/** "build-workers (Self-hosted)": the name with hidden characters shown, and the type in words. */
export function environmentWithType(environment: { name: string; type: string }): string {
  return t('sessions.environmentWithType', {
    name: markInvisibleCharacters(environment.name),
    type: environmentTypeLabel(environment.type),
  })
}
