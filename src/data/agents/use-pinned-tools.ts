import { useQuery } from '@tanstack/react-query'
import { decodeAgentTools, type AgentTools } from './decode-tools'
import { agentDefinitionQuery, agentVersionQuery } from './queries'

/**
 * The tools of the definition a session runs: its pinned version (versions never change), else the
 * agent's current definition, which is what the server falls back to for a session without one.
 */
export function usePinnedAgentTools(
  agentId: string,
  version: number | null | undefined,
  options: { enabled?: boolean } = {},
): { tools: AgentTools; version: number } | null {
  const enabled = options.enabled ?? true
  const isPinned = typeof version === 'number'
  const pinned = useQuery({ ...agentVersionQuery(agentId, version ?? 0), enabled: enabled && isPinned })
  const current = useQuery({ ...agentDefinitionQuery(agentId), enabled: enabled && !isPinned })
  const definition = isPinned ? pinned.data?.definition : current.data?.definition
  if (!definition) return null
  return { tools: decodeAgentTools(definition.tools), version: isPinned ? version : definition.version }
}
