import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { agentKeys, type AgentStatusFilter } from './keys'
import { api } from '@/api/client'
import { expectArray, expectObject } from '@/api/response-guards'

const statusQuery = (status: AgentStatusFilter) => (status === 'all' ? { includeArchived: true } : { status })

export const agentListQuery = (status: AgentStatusFilter = 'active') =>
  queryOptions({
    queryKey: agentKeys.list(status),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents', {
        params: { query: { limit: 200, ...statusQuery(status) } },
        signal,
      })
      return expectArray(expectObject(data, 'agents', ['items']).items, 'agents')
    },
    placeholderData: keepPreviousData,
  })

export const agentDefinitionQuery = (agentId: string) =>
  queryOptions({
    queryKey: agentKeys.definition(agentId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents/{agentId}/definition', {
        params: { path: { agentId } },
        signal,
      })
      const envelope = expectObject(data, 'agent definition', ['definition'])
      expectObject(envelope.definition, 'agent definition', ['version', 'name'])
      return envelope
    },
  })

export const agentVersionsQuery = (agentId: string) =>
  queryOptions({
    queryKey: agentKeys.versions(agentId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents/{agentId}/versions', {
        params: { path: { agentId } },
        signal,
      })
      // `{agentId, versions}`: each `{version, snapshot, createdAt}` with the definition under `snapshot`.
      return expectArray(expectObject(data, 'agent versions', ['versions']).versions, 'agent versions')
    },
  })
