import type { Agent } from './agent-types'
import type { AgentStatusFilter } from '@/data/agents/keys'

export type { AgentStatusFilter }

const STATUS_FILTERS: readonly AgentStatusFilter[] = ['active', 'archived', 'all']

/** The status filter from the URL; anything unknown means the default, active agents. */
export function readAgentStatusFilter(value: string | null): AgentStatusFilter {
  return STATUS_FILTERS.find((status) => status === value) ?? 'active'
}

/** Case-insensitive match on what a person might type: name, display name, key, id, description. */
export function filterAgents(agents: readonly Agent[], search: string): Agent[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return [...agents]
  return agents.filter((agent) =>
    [agent.name, agent.displayName, agent.agentKey, agent.id, agent.description].some(
      (text) => typeof text === 'string' && text.toLowerCase().includes(needle),
    ),
  )
}
