import { decodeSavedDefinition } from './decode-agent'
import { agentKeys } from './keys'
import type { AgentDefinitionUpdate } from './types'
import { sessionKeys } from '../sessions/keys'
import { invalidateAll, useWrite, type WriteOptions } from '../write'
import { api } from '@/api/client'

/** PATCH the whole writable definition; a stale `version` answers 409 (thrown as ApiError). */
async function updateAgentDefinition(agentId: string, body: AgentDefinitionUpdate) {
  const { data } = await api().PATCH('/api/v1/agents/{agentId}/definition', {
    params: { path: { agentId } },
    body,
  })
  return decodeSavedDefinition(data)
}

export function useUpdateAgentDefinition(
  agentId: string,
  options?: WriteOptions<Awaited<ReturnType<typeof updateAgentDefinition>>, AgentDefinitionUpdate>,
) {
  return useWrite(
    {
      write: (body: AgentDefinitionUpdate) => updateAgentDefinition(agentId, body),
      // Definition and versions changed; so did the list's default-environment column, every
      // environment's usage (they read definitions), and what a new session of this agent inherits
      // (the new-session dialog's preview reads the definition). The name may have moved to the
      // catalog's displayName too.
      refresh: (queryClient) =>
        invalidateAll(queryClient, [agentKeys.detail(agentId), agentKeys.lists(), sessionKeys.lists()]),
    },
    options,
  )
}
