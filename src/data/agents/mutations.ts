import { useMutation, useQueryClient } from '@tanstack/react-query'
import { decodeSavedDefinition } from './decode-agent'
import { agentKeys } from './keys'
import type { AgentDefinitionUpdate } from './types'
import { sessionKeys } from '../sessions/keys'
import { api } from '@/api/client'

/** PATCH the whole writable definition; a stale `version` answers 409 (thrown as ApiError). */
async function updateAgentDefinition(agentId: string, body: AgentDefinitionUpdate) {
  const { data } = await api().PATCH('/api/v1/agents/{agentId}/definition', {
    params: { path: { agentId } },
    body,
  })
  return decodeSavedDefinition(data)
}

export function useUpdateAgentDefinition(agentId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AgentDefinitionUpdate) => updateAgentDefinition(agentId, body),
    // Definition and versions changed; so did the list's default-environment column, every
    // environment's usage (they read definitions), and what a new session of this agent inherits
    // (the new-session dialog's preview reads the definition). The name may have moved to the
    // catalog's displayName too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKeys.detail(agentId) }),
        queryClient.invalidateQueries({ queryKey: agentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.lists() }),
      ]),
  })
}
