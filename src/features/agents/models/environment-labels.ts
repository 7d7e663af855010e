import type { EnvironmentHealth } from './environment-health'
import { t } from '@/i18n'
import { formatRelativeTime } from '@/lib/format-time'

/** Servers may add types; an unknown one is shown as sent. */
export function environmentTypeLabel(type: string): string {
  switch (type) {
    case 'self_hosted':
      return t('agents.environmentType.selfHosted')
    case 'sandbox':
      return t('agents.environmentType.sandbox')
    case 'local':
      return t('agents.environmentType.local')
    case 'remote':
      return t('agents.environmentType.remote')
    default:
      return type
  }
}

export type HealthTone = 'success' | 'warning' | 'neutral'

/** A short health phrase and its tone, or null where health does not apply or is not known yet. */
export function environmentHealthLabel(
  health: EnvironmentHealth | null,
  now: number,
): { text: string; tone: HealthTone } | null {
  if (!health || health.state === 'managed') return null
  switch (health.state) {
    case 'online':
      return {
        text: t('agents.health.online', { count: health.workerIds.length }),
        tone: 'success',
      }
    case 'offline':
      return {
        text:
          health.lastSeenAt === null
            ? t('agents.health.offline')
            : t('agents.health.offlineLastSeen', {
                time: formatRelativeTime(Math.min(health.lastSeenAt, now), now),
              }),
        tone: 'warning',
      }
    case 'unknown':
      return { text: t('agents.health.noWorkerSeen'), tone: 'neutral' }
  }
}
