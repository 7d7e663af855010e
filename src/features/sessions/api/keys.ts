export type SessionStatusFilter = 'active' | 'archived' | 'all'

export type SessionListParams = {
  status: SessionStatusFilter
  agentId?: string | undefined
  environmentId?: string | undefined
  limit: number
  offset: number
}

/**
 * Session sub-resources nest under the session's detail key, so one invalidation of
 * `detail(id)` refreshes the whole inspector. Look-ups of other resources (agents, environments,
 * work items) live under `ref` so they never share a cache entry, and a shape, with the features
 * that own those screens.
 */
export const sessionKeys = {
  all: ['sessions'] as const,
  lists: () => [...sessionKeys.all, 'list'] as const,
  list: (params: SessionListParams) => [...sessionKeys.lists(), params] as const,
  detail: (id: string) => [...sessionKeys.all, 'detail', id] as const,
  snapshot: (id: string) => [...sessionKeys.detail(id), 'snapshot'] as const,
  turns: (id: string) => [...sessionKeys.detail(id), 'turns'] as const,
  ref: () => [...sessionKeys.all, 'ref'] as const,
  agents: () => [...sessionKeys.ref(), 'agents'] as const,
  agentDefinition: (agentId: string) => [...sessionKeys.ref(), 'agent-definition', agentId] as const,
  environments: () => [...sessionKeys.ref(), 'environments'] as const,
  environment: (id: string) => [...sessionKeys.ref(), 'environment', id] as const,
  memoryStores: () => [...sessionKeys.ref(), 'memory-stores'] as const,
  vaults: () => [...sessionKeys.ref(), 'vaults'] as const,
  work: (environmentId: string) => [...sessionKeys.ref(), 'work', environmentId] as const,
  handsStatus: () => [...sessionKeys.ref(), 'hands-status'] as const,
}
