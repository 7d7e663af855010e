import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { sessionKeys, type SessionListParams } from './keys'
import { normalizeSessionList } from '../models/normalize-session-list'
import { api } from '@/api/client'
import { expectObject } from '@/api/response-guards'

export const sessionListQuery = (params: SessionListParams) =>
  queryOptions({
    queryKey: sessionKeys.list(params),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agent-sessions', {
        params: { query: { status: params.status, limit: params.limit, offset: params.offset } },
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
