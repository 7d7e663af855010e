import type { EnvironmentHealth } from './environment-presence'
import { t } from '@/i18n'
import { formatRelativeTime } from '@/lib/format-time'

export type HealthTone = 'success' | 'info' | 'warning' | 'neutral'

/** A short health phrase and its tone, or null where health does not apply or is not known yet. */
export function environmentHealthLabel(
  health: EnvironmentHealth | null,
  now: number,
): { text: string; tone: HealthTone } | null {
  if (!health || health.state === 'managed') return null
  switch (health.state) {
    case 'online':
      // All of them working: a new session's tools wait for one to finish its item.
      if (health.idle === 0) return { text: t('agents.health.busy', { count: health.busy }), tone: 'info' }
      return {
        text:
          health.busy > 0
            ? t('agents.health.onlineSomeBusy', { count: health.busy + health.idle, busy: health.busy })
            : t('agents.health.online', { count: health.idle }),
        tone: 'success',
      }
    case 'stale':
      return {
        text:
          health.lastSeenAt === null
            ? t('agents.health.stale')
            : t('agents.health.staleLastSeen', {
                time: formatRelativeTime(health.lastSeenAt, now),
              }),
        tone: 'warning',
      }
    case 'offline':
      return {
        text:
          health.lastSeenAt === null
            ? t('agents.health.offline')
            : t('agents.health.offlineLastSeen', {
                time: formatRelativeTime(health.lastSeenAt, now),
              }),
        tone: 'warning',
      }
    case 'unknown':
      return { text: t('agents.health.noWorkerSeen'), tone: 'neutral' }
  }
}
