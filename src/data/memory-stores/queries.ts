import { queryOptions } from '@tanstack/react-query'
import { memoryStoreKeys } from './keys'
import { api } from '@/api/client'
import { expectArray } from '@/api/response-guards'
import type { components } from '@/api/schema.gen'

export type MemoryStore = components['schemas']['MemoryStore']

/** For pickers and `memoryAccess`: stores change rarely, so a minute saves refetching. */
export const memoryStoresQuery = () =>
  queryOptions({
    queryKey: memoryStoreKeys.list(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/memory-stores', { params: { query: { limit: 500 } }, signal })
      return expectArray(data, 'memory stores')
    },
    staleTime: 60_000,
  })
