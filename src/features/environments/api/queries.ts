import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { environmentKeys, type EnvironmentListParams } from './keys'
import { api } from '@/api/client'
import { expectArray, expectObject, totalCount } from '@/api/response-guards'

export const environmentListQuery = (params: EnvironmentListParams) =>
  queryOptions({
    queryKey: environmentKeys.list(params),
    queryFn: async ({ signal }) => {
      const { data, response } = await api().GET('/api/environments', {
        params: { query: { limit: params.limit, offset: params.offset } },
        signal,
      })
      const items = expectArray(data, 'environments')
      return { items, total: totalCount(response, params.offset + items.length) }
    },
    placeholderData: keepPreviousData,
  })

export const environmentQuery = (id: string) =>
  queryOptions({
    queryKey: environmentKeys.detail(id),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/environments/{id}', { params: { path: { id } }, signal })
      return expectObject(data, 'environment', ['id', 'type'])
    },
  })
