import { queryOptions } from '@tanstack/react-query'
import { agentKeys } from './keys'
import { api } from '@/api/client'
import { expectArray, expectObject } from '@/api/response-guards'

/** The pickers' choices change rarely; a minute saves refetching on every tab switch. */
const LOOKUP_STALE_MS = 60_000

/** Environments the caller may inspect; archived ones are not listed by the server. */
export const environmentChoicesQuery = () =>
  queryOptions({
    queryKey: agentKeys.environments(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/environments', { signal })
      return expectArray(data, 'environments')
    },
    staleTime: LOOKUP_STALE_MS,
  })

/** One environment by id, to explain a default that is not among the choices (archived, gone). */
export const environmentLookupQuery = (environmentId: string) =>
  queryOptions({
    queryKey: agentKeys.environment(environmentId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/environments/{id}', {
        params: { path: { id: environmentId } },
        signal,
      })
      return expectObject(data, 'environment', ['id', 'type'])
    },
    // A 404 or 403 is the answer, not a glitch worth retrying.
    retry: false,
  })

export const environmentWorkQuery = (environmentId: string) =>
  queryOptions({
    queryKey: agentKeys.environmentWork(environmentId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/environments/{id}/work', {
        params: { path: { id: environmentId } },
        signal,
      })
      return expectArray(data, 'work items')
    },
    staleTime: 15_000,
  })

export const handsStatusQuery = () =>
  queryOptions({
    queryKey: agentKeys.handsStatus(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/hands/status', { signal })
      return expectObject(data, 'hands status', ['workerHeartbeats'])
    },
    staleTime: 15_000,
    refetchInterval: 30_000,
  })

export const memoryStoreChoicesQuery = () =>
  queryOptions({
    queryKey: agentKeys.memoryStores(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/memory-stores', { signal })
      return expectArray(data, 'memory stores')
    },
    staleTime: LOOKUP_STALE_MS,
  })

export const vaultChoicesQuery = () =>
  queryOptions({
    queryKey: agentKeys.vaults(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/vaults', { signal })
      return expectArray(data, 'vaults')
    },
    staleTime: LOOKUP_STALE_MS,
  })
