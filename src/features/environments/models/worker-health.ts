import { t } from '@/i18n'

/**
 * Workers heartbeat every 15 s. Three missed beats (45 s) is also when the server reclaims a
 * lease, so past that a worker no longer counts as online; after 5 minutes it is offline.
 */
export const WORKER_ONLINE_WITHIN_MS = 45_000
export const WORKER_STALE_WITHIN_MS = 5 * 60_000

export type WorkerHealth = 'online' | 'stale' | 'offline' | 'unknown'

export function workerHealthRule(): string {
  return t('environments.health.rule')
}

export function workerHealth(lastHeartbeatAt: number | null | undefined, now: number): WorkerHealth {
  if (lastHeartbeatAt === null || lastHeartbeatAt === undefined || !Number.isFinite(lastHeartbeatAt))
    return 'unknown'
  // A heartbeat "from the future" is clock skew between browser and server: it is fresh.
  const age = Math.max(0, now - lastHeartbeatAt)
  if (age < WORKER_ONLINE_WITHIN_MS) return 'online'
  if (age < WORKER_STALE_WITHIN_MS) return 'stale'
  return 'offline'
}
