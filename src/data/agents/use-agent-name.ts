import { useQuery } from '@tanstack/react-query'
import { agentListQuery } from './queries'

/**
 * What to call an agent, from the catalog every agent screen already reads (archived agents
 * included, so an old session still shows a name); null until it loads or when the catalog does
 * not list the agent.
 */
export function useAgentName(agentId: string | null | undefined): string | null {
  const agents = useQuery({ ...agentListQuery('all'), enabled: Boolean(agentId) })
  if (!agentId) return null
  return agents.data?.find((agent) => agent.id === agentId)?.name ?? null
}
