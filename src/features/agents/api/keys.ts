import type { AgentStatusFilter } from '../models/filter-agents'

/**
 * Everything this feature caches sits under `agents`, including its own reads of environments,
 * memory stores, vaults, worker status and sessions for the session-defaults panel: features do
 * not share queries, and other features' keys hold other shapes.
 */
export const agentKeys = {
  all: ['agents'] as const,
  lists: () => [...agentKeys.all, 'list'] as const,
  list: (status: AgentStatusFilter) => [...agentKeys.lists(), { status }] as const,
  details: () => [...agentKeys.all, 'detail'] as const,
  detail: (agentId: string) => [...agentKeys.details(), agentId] as const,
  definition: (agentId: string) => [...agentKeys.detail(agentId), 'definition'] as const,
  versions: (agentId: string) => [...agentKeys.detail(agentId), 'versions'] as const,
  sessions: (agentId: string) => [...agentKeys.detail(agentId), 'sessions'] as const,
  lookups: () => [...agentKeys.all, 'lookups'] as const,
  environments: () => [...agentKeys.lookups(), 'environments'] as const,
  environment: (environmentId: string) => [...agentKeys.lookups(), 'environment', environmentId] as const,
  environmentWork: (environmentId: string) => [...agentKeys.lookups(), 'work', environmentId] as const,
  handsStatus: () => [...agentKeys.lookups(), 'hands-status'] as const,
  memoryStores: () => [...agentKeys.lookups(), 'memory-stores'] as const,
  vaults: () => [...agentKeys.lookups(), 'vaults'] as const,
}
