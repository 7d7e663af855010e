export type AgentStatusFilter = 'active' | 'archived' | 'all'

/** Catalog agents and each agent's definition and history; the definition nests under its agent. */
export const agentKeys = {
  all: ['agents'] as const,
  lists: () => [...agentKeys.all, 'list'] as const,
  list: (status: AgentStatusFilter) => [...agentKeys.lists(), { status }] as const,
  details: () => [...agentKeys.all, 'detail'] as const,
  detail: (agentId: string) => [...agentKeys.details(), agentId] as const,
  definition: (agentId: string) => [...agentKeys.detail(agentId), 'definition'] as const,
  versions: (agentId: string) => [...agentKeys.detail(agentId), 'versions'] as const,
}
