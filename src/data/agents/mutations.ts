import { useMutation, useQueryClient } from '@tanstack/react-query'
import { agentKeys } from './keys'
import type { AgentDefinitionUpdate } from './types'
import { sessionKeys } from '../sessions/keys'
import { api } from '@/api/client'
import { expectObject } from '@/api/response-guards'

/** PATCH the whole writable definition; a stale `version` answers 409 (thrown as ApiError). */
export async function updateAgentDefinition(agentId: string, body: AgentDefinitionUpdate) {
  const { data } = await api().PATCH('/api/v1/agents/{agentId}/definition', {
    params: { path: { agentId } },
    body,
  })
  const envelope = expectObject(data, 'agent definition', ['definition'])
  return expectObject(envelope.definition, 'agent definition', ['version'])
}

export function useUpdateAgentDefinition(agentId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AgentDefinitionUpdate) => updateAgentDefinition(agentId, body),
    // Definition, versions and the list's default-environment column changed, and so did what a
    // new session of this agent inherits (the new-session dialog's preview reads the definition).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKeys.detail(agentId) }),
        queryClient.invalidateQueries({ queryKey: agentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.lists() }),
      ]),
  })
}
