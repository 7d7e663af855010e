import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { environmentKeys, type EnvironmentListParams } from './keys'
import { readSessionList } from '../models/environment-usage'
import type { Environment } from '../models/environment-types'
import type { WorkItemStatus } from '../models/work-types'
import { api } from '@/api/client'
import { expectArray, expectObject, totalCount } from '@/api/response-guards'

/** The server's largest page. */
const MAX_PAGE = 500
/** Worker heartbeats arrive every 15 s; refreshing faster than that shows nothing new. */
const WORKER_REFRESH_MS = 10_000

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

/** The API cannot search or filter, so a filtered view reads every page first. */
export const allEnvironmentsQuery = () =>
  queryOptions({
    queryKey: environmentKeys.everything(),
    queryFn: async ({ signal }) => {
      const items: Environment[] = []
      for (;;) {
        const { data, response } = await api().GET('/api/environments', {
          params: { query: { limit: MAX_PAGE, offset: items.length } },
          signal,
        })
        const page = expectArray(data, 'environments')
        items.push(...page)
        if (page.length < MAX_PAGE || items.length >= totalCount(response, items.length)) return items
      }
    },
  })

export const environmentQuery = (id: string) =>
  queryOptions({
    queryKey: environmentKeys.detail(id),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/environments/{id}', { params: { path: { id } }, signal })
      return expectObject(data, 'environment', ['id', 'type', 'config', 'updatedAt'])
    },
  })

export const workItemsQuery = (id: string, state: WorkItemStatus | null = null) =>
  queryOptions({
    queryKey: environmentKeys.work(id, state),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/environments/{id}/work', {
        params: { path: { id }, query: state ? { state } : {} },
        signal,
      })
      return expectArray(data, 'work items')
    },
    refetchInterval: WORKER_REFRESH_MS,
    placeholderData: keepPreviousData,
  })

export const workStatsQuery = (id: string) =>
  queryOptions({
    queryKey: environmentKeys.workStats(id),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/environments/{id}/work/stats', {
        params: { path: { id } },
        signal,
      })
      return expectObject(data, 'work stats', ['countsByStatus'])
    },
    refetchInterval: WORKER_REFRESH_MS,
  })

export const handsStatusQuery = () =>
  queryOptions({
    queryKey: environmentKeys.handsStatus(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/hands/status', { signal })
      return expectObject(data, 'hands status', ['workerHeartbeats'])
    },
    refetchInterval: WORKER_REFRESH_MS,
  })

export const agentsQuery = () =>
  queryOptions({
    queryKey: environmentKeys.agents(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents', { params: { query: { limit: MAX_PAGE } }, signal })
      return expectArray(expectObject(data, 'agents', ['items']).items, 'agents')
    },
  })

export const environmentSessionsQuery = (id: string) =>
  queryOptions({
    queryKey: environmentKeys.sessions(id),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agent-sessions', {
        params: { query: { environmentId: id, status: 'all', limit: MAX_PAGE } },
        signal,
      })
      return readSessionList(data)
    },
  })

export const memoryStoresQuery = () =>
  queryOptions({
    queryKey: environmentKeys.memoryStores(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/memory-stores', {
        params: { query: { limit: MAX_PAGE } },
        signal,
      })
      return expectArray(data, 'memory stores')
    },
    staleTime: 60_000,
  })
