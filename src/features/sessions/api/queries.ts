import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { sessionKeys, type SessionListParams } from './keys'
import { normalizeSessionList } from '@/api/normalize-session-list'
import { normalizeTurnList } from '../models/normalize-turn-list'
import { api } from '@/api/client'
import { expectArray, expectObject } from '@/api/response-guards'

export const sessionListQuery = (params: SessionListParams) =>
  queryOptions({
    queryKey: sessionKeys.list(params),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agent-sessions', {
        params: {
          query: {
            status: params.status,
            limit: params.limit,
            offset: params.offset,
            ...(params.agentId ? { agentId: params.agentId } : {}),
            ...(params.environmentId ? { environmentId: params.environmentId } : {}),
          },
        },
        signal,
      })
      return normalizeSessionList(data, params.offset)
    },
    placeholderData: keepPreviousData,
  })

export const sessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.detail(sessionId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agent-sessions/{session}', {
        params: { path: { session: sessionId } },
        signal,
      })
      return expectObject(data, 'session', ['id', 'agentId'])
    },
  })

export const snapshotQuery = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.snapshot(sessionId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agent-sessions/{session}/snapshot', {
        params: { path: { session: sessionId } },
        signal,
      })
      return expectObject(data, 'snapshot', ['as_of', 'turns', 'tools'])
    },
    // The inspector starts from one watermark and then follows the stream; refetching it behind
    // the stream's back would only show an older picture.
    staleTime: Number.POSITIVE_INFINITY,
  })

export const turnsQuery = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.turns(sessionId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agent-sessions/{session}/turns', {
        params: { path: { session: sessionId } },
        signal,
      })
      return normalizeTurnList(data)
    },
  })

export const agentsQuery = () =>
  queryOptions({
    queryKey: sessionKeys.agents(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents', { signal })
      return expectArray(expectObject(data, 'agents', ['items']).items, 'agents')
    },
  })

export const agentDefinitionQuery = (agentId: string) =>
  queryOptions({
    queryKey: sessionKeys.agentDefinition(agentId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents/{agentId}/definition', {
        params: { path: { agentId } },
        signal,
      })
      return expectObject(data, 'agent definition', ['definition']).definition
    },
  })

/** Pickers list every active environment the caller may use; 200 is far above real namespaces. */
export const environmentsQuery = () =>
  queryOptions({
    queryKey: sessionKeys.environments(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/environments', {
        params: { query: { limit: 200, offset: 0 } },
        signal,
      })
      return expectArray(data, 'environments')
    },
  })

export const environmentQuery = (environmentId: string) =>
  queryOptions({
    queryKey: sessionKeys.environment(environmentId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/environments/{id}', {
        params: { path: { id: environmentId } },
        signal,
      })
      return expectObject(data, 'environment', ['id', 'type'])
    },
  })

export const memoryStoresQuery = () =>
  queryOptions({
    queryKey: sessionKeys.memoryStores(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/memory-stores', { signal })
      return expectArray(data, 'memory stores')
    },
  })

export const vaultsQuery = () =>
  queryOptions({
    queryKey: sessionKeys.vaults(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/vaults', { signal })
      return expectArray(data, 'vaults')
    },
  })

/** Worker claims on the session's environment: who claimed which work, and when it moved. */
export const workItemsQuery = (environmentId: string) =>
  queryOptions({
    queryKey: sessionKeys.work(environmentId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/environments/{id}/work', {
        params: { path: { id: environmentId } },
        signal,
      })
      return expectArray(data, 'work items')
    },
    staleTime: 5_000,
  })

export const handsStatusQuery = () =>
  queryOptions({
    queryKey: sessionKeys.handsStatus(),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/hands/status', { signal })
      return expectObject(data, 'hands status', ['workerHeartbeats'])
    },
    staleTime: 5_000,
  })
