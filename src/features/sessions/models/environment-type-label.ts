import { t } from '@/i18n'
import { environmentTypeLabel } from '@/lib/environment-type-label'
import { markInvisibleCharacters } from '@/lib/invisible-characters'

/** "build-workers (Self-hosted)": the name with hidden characters shown, and the type in words. */
export function environmentWithType(environment: { name: string; type: string }): string {
  return t('sessions.environmentWithType', {
    name: markInvisibleCharacters(environment.name),
    type: environmentTypeLabel(environment.type),
  })
}
