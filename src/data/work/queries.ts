import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { decodeWorkItemList } from './decode-work-item'
import { workKeys } from './keys'
import type { WorkItemStatus } from './types'
import { api } from '@/api/client'
import { expectObject } from '@/api/response-guards'

/**
 * A worker heartbeats the item it holds every 15 s (and polls between items); reading every 10 s
 * shows each beat before the next one, so a busy or stale claim is seen within one round.
 */
const WORKER_REFRESH_MS = 10_000

export const workItemsQuery = (environmentId: string, state: WorkItemStatus | null = null) =>
  queryOptions({
    queryKey: workKeys.items(environmentId, state),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/environments/{id}/work', {
        params: { path: { id: environmentId }, query: state ? { state } : {} },
        signal,
      })
      return decodeWorkItemList(data)
    },
    staleTime: 5_000,
    refetchInterval: WORKER_REFRESH_MS,
    placeholderData: keepPreviousData,
  })

export const workStatsQuery = (environmentId: string) =>
  queryOptions({
    queryKey: workKeys.stats(environmentId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/environments/{id}/work/stats', {
        params: { path: { id: environmentId } },
        signal,
      })
      return expectObject(data, 'work stats', ['countsByStatus'])
    },
    refetchInterval: WORKER_REFRESH_MS,
  })

export const handsStatusQuery = () =>
  queryOptions({
    queryKey: workKeys.handsStatus(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/hands/status', { signal })
      return expectObject(data, 'hands status', ['workerHeartbeats'])
    },
    staleTime: 5_000,
    refetchInterval: WORKER_REFRESH_MS,
  })
