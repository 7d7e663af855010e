import type { EnvironmentType } from './agent-types'
import type { EnvironmentHealth } from './environment-health'
import { formatRelativeTime } from '@/lib/format-time'

const TYPE_LABELS: Record<EnvironmentType, string> = {
  self_hosted: 'self-hosted worker',
  sandbox: 'sandbox (E2B)',
  local: 'local (dataplane)',
  remote: 'remote (files, no shell)',
}

/** Servers may add types; an unknown one is shown as sent. */
export function environmentTypeLabel(type: string): string {
  return type in TYPE_LABELS ? TYPE_LABELS[type as EnvironmentType] : type
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
        text: `online (${health.workerIds.length} ${health.workerIds.length === 1 ? 'worker' : 'workers'})`,
        tone: 'success',
      }
    case 'offline':
      return {
        text:
          health.lastSeenAt === null
            ? 'offline'
            : `offline, last seen ${formatRelativeTime(Math.min(health.lastSeenAt, now), now)}`,
        tone: 'warning',
      }
    case 'unknown':
      return { text: 'no worker seen yet', tone: 'neutral' }
  }
}
