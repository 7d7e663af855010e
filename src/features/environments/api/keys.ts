import type { WorkItemStatus } from '../models/work-types'

export type EnvironmentListParams = { limit: number; offset: number }

/**
 * Everything about one environment nests under its detail key, so invalidating the detail after
 * an edit, rotation or archive refreshes its work, stats and usage too.
 */
export const environmentKeys = {
  all: ['environments'] as const,
  lists: () => [...environmentKeys.all, 'list'] as const,
  list: (params: EnvironmentListParams) => [...environmentKeys.lists(), params] as const,
  /** Every environment, for searching, filtering and sorting in the browser. */
  everything: () => [...environmentKeys.lists(), 'everything'] as const,
  detail: (id: string) => [...environmentKeys.all, 'detail', id] as const,
  work: (id: string, state: WorkItemStatus | null) =>
    [...environmentKeys.detail(id), 'work', { state }] as const,
  workStats: (id: string) => [...environmentKeys.detail(id), 'work-stats'] as const,
  sessions: (id: string) => [...environmentKeys.detail(id), 'sessions'] as const,
  /** Global, not per environment: worker heartbeats and agents, both read for usage and health. */
  handsStatus: () => [...environmentKeys.all, 'hands-status'] as const,
  agents: () => [...environmentKeys.all, 'agents'] as const,
  memoryStores: () => [...environmentKeys.all, 'memory-stores'] as const,
}
