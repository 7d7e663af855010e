import type { WorkItemStatus } from './types'

/**
 * The dataplane's view of self-hosted work: each environment's work items and queue stats, and the
 * global worker heartbeats (`/api/hands/status`). Per-environment entries nest under
 * `environment(id)`, so invalidating it refreshes an environment's items and stats together. The
 * reads also poll (work/queries.ts), since workers change them without the console doing anything.
 */
export const workKeys = {
  all: ['work'] as const,
  environment: (environmentId: string) => [...workKeys.all, 'environment', environmentId] as const,
  items: (environmentId: string, state: WorkItemStatus | null = null) =>
    [...workKeys.environment(environmentId), 'items', { state }] as const,
  stats: (environmentId: string) => [...workKeys.environment(environmentId), 'stats'] as const,
  handsStatus: () => [...workKeys.all, 'hands-status'] as const,
}
