import { queryOptions } from '@tanstack/react-query'
import { agentKeys } from './keys'
import { api } from '@/api/client'
import { expectArray, expectObject } from '@/api/response-guards'

export const agentListQuery = () =>
  queryOptions({
    queryKey: agentKeys.lists(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents', { params: { query: { limit: 200 } }, signal })
      return expectArray(expectObject(data, 'agents', ['items']).items, 'agents')
    },
  })

export const agentDefinitionQuery = (agentId: string) =>
  queryOptions({
    queryKey: agentKeys.definition(agentId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents/{agentId}/definition', {
        params: { path: { agentId } },
        signal,
      })
      return expectObject(data, 'agent definition', ['definition'])
    },
  })
