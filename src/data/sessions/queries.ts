import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { sessionKeys, type SessionListParams } from './keys'
import { normalizeSessionList } from './session-list'
import { normalizeTurnList } from './turn-list'
import type { Session } from './types'
import { api } from '@/api/client'
import { expectObject } from '@/api/response-guards'

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

/** Sessions stop at this many pages of 500; the count then says "at least". */
const MAX_SESSION_PAGES = 20

async function readAllSessions(
  query: { agentId?: string; environmentId?: string },
  keep: (session: Session) => boolean,
  signal: AbortSignal,
): Promise<{ items: Session[]; isComplete: boolean }> {
  const items: Session[] = []
  let offset = 0
  for (let page = 0; page < MAX_SESSION_PAGES; page += 1) {
    const { data } = await api().GET('/api/v1/agent-sessions', {
      params: { query: { ...query, status: 'all', limit: 500, offset } },
      signal,
    })
    const list = normalizeSessionList(data, offset)
    items.push(...list.items.filter(keep))
    if (list.nextOffset === null) return { items, isComplete: true }
    offset = list.nextOffset
  }
  return { items, isComplete: false }
}

/** Every session of the agent, archived ones included, following pages when the server pages. */
export const agentSessionsQuery = (agentId: string) =>
  queryOptions({
    queryKey: sessionKeys.ofAgent(agentId),
    queryFn: ({ signal }) => readAllSessions({ agentId }, (session) => session.agentId === agentId, signal),
  })

/** Sessions on an environment. Filtered here too: servers that ignore `environmentId` answer all. */
export const environmentSessionsQuery = (environmentId: string) =>
  queryOptions({
    queryKey: sessionKeys.ofEnvironment(environmentId),
    queryFn: ({ signal }) =>
      readAllSessions({ environmentId }, (session) => session.environmentId === environmentId, signal),
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
