import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { sessionKeys, type SessionListParams, type SessionStatusFilter } from './keys'
import { decodeSession, decodeSnapshot } from './decode-session'
import { normalizeSessionList, type SessionListPage } from './session-list'
import { byLastActivity } from './session-title'
import { normalizeTurnList } from './turn-list'
import { toRoute, type SessionRouteLike } from './session-route'
import type { Session } from './types'
import { api } from '@/api/client'

/** Sessions stop at this many pages of 500; the count then says "at least". */
const MAX_SESSION_PAGES = 20
const ALL_PAGE = 500

type ServerFilter = { status: SessionStatusFilter; agentId?: string | undefined }

/** One page of the caller's sessions as the server answers it (bare array or `{items}`). */
export async function readSessionPage(
  filter: ServerFilter,
  offset: number,
  limit: number,
  signal?: AbortSignal,
) {
  const { data, response } = await api().GET('/api/v1/agent-sessions', {
    params: {
      query: {
        status: filter.status,
        limit,
        offset,
        ...(filter.agentId ? { agentId: filter.agentId } : {}),
      },
    },
    signal,
  })
  return normalizeSessionList(data, { offset, limit, totalHeader: response.headers.get('X-Total-Count') })
}

/** Every session the filter matches on the server, kept when `keep` says so, following every page. */
async function readAllSessions(
  filter: ServerFilter,
  keep: (session: Session) => boolean,
  signal: AbortSignal,
): Promise<{ items: Session[]; isComplete: boolean }> {
  const items: Session[] = []
  let offset = 0
  for (let page = 0; page < MAX_SESSION_PAGES; page += 1) {
    const list = await readSessionPage(filter, offset, ALL_PAGE, signal)
    items.push(...list.items.filter(keep))
    if (list.nextOffset === null) return { items, isComplete: true }
    offset = list.nextOffset
  }
  return { items, isComplete: false }
}

export type SessionList = SessionListPage & {
  /** The total is a lower bound: the console stopped reading before the end. */
  isTotalAtLeast: boolean
}

/**
 * One page of the caller's sessions (the server lists only the caller's own, C4). Status and agent
 * are filtered by the server; the environment is filtered here, because the server ignores
 * `environmentId` (C3): those pages are cut from every matching session, so they stay full.
 */
export const sessionListQuery = (params: SessionListParams) =>
  queryOptions({
    queryKey: sessionKeys.list(params),
    queryFn: async ({ signal }): Promise<SessionList> => {
      const filter = { status: params.status, agentId: params.agentId }
      const { environmentId } = params
      if (!environmentId) {
        return {
          ...(await readSessionPage(filter, params.offset, params.limit, signal)),
          isTotalAtLeast: false,
        }
      }
      const all = await readAllSessions(filter, (session) => session.environmentId === environmentId, signal)
      // Pages cut here follow the list's default order, newest activity first.
      const items = [...all.items].sort(byLastActivity).slice(params.offset, params.offset + params.limit)
      const end = params.offset + items.length
      return {
        items,
        nextOffset: end < all.items.length ? end : null,
        total: all.items.length,
        isTotalAtLeast: !all.isComplete,
      }
    },
    placeholderData: keepPreviousData,
  })

/** Every session of the agent, archived ones included, following pages when the server pages. */
export const agentSessionsQuery = (agentId: string) =>
  queryOptions({
    queryKey: sessionKeys.ofAgent(agentId),
    queryFn: ({ signal }) =>
      readAllSessions({ status: 'all', agentId }, (session) => session.agentId === agentId, signal),
  })

/** Sessions on an environment. Filtered here: the server ignores `environmentId` (C3). */
export const environmentSessionsQuery = (environmentId: string) =>
  queryOptions({
    queryKey: sessionKeys.ofEnvironment(environmentId),
    queryFn: ({ signal }) =>
      readAllSessions({ status: 'all' }, (session) => session.environmentId === environmentId, signal),
  })

/** Enough to find a session created a moment ago: the list is newest-updated first. */
const RECENT_PAGE = 20

/**
 * The caller's sessions of an agent created since `since` (server time), newest first: after a
 * create whose answer was lost, whether it was made anyway.
 */
export const recentSessionsQuery = (agentId: string, since: number) =>
  queryOptions({
    queryKey: sessionKeys.recent(agentId, since),
    queryFn: async ({ signal }) => {
      const page = await readSessionPage({ status: 'active', agentId }, 0, RECENT_PAGE, signal)
      return page.items
        .filter((session) => session.agentId === agentId && session.createdAt >= since)
        .sort((a, b) => b.createdAt - a.createdAt)
    },
    staleTime: 0,
  })

export const sessionQuery = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.detail(sessionId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agent-sessions/{session}', {
        params: { path: { session: sessionId } },
        signal,
      })
      return decodeSession(data)
    },
  })

export const snapshotQuery = (route: SessionRouteLike) => {
  const { sessionId, childId } = toRoute(route)
  return queryOptions({
    queryKey:
      childId === undefined
        ? sessionKeys.snapshot(sessionId)
        : [...sessionKeys.child(sessionId, childId), 'snapshot'],
    queryFn: async ({ signal }) => {
      const { data } =
        childId === undefined
          ? await api().GET('/api/v1/agent-sessions/{session}/snapshot', {
              params: { path: { session: sessionId } },
              signal,
            })
          : await api().GET('/api/v1/agent-sessions/{session}/subagents/{child}/snapshot', {
              params: { path: { session: sessionId, child: childId } },
              signal,
            })
      return decodeSnapshot(data)
    },
    // The inspector starts from one watermark and then follows the stream; refetching it behind
    // the stream's back would only show an older picture.
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export const turnsQuery = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.turns(sessionId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agent-sessions/{session}/turns', {
        params: { path: { session: sessionId } },
        signal,
      })
      return normalizeTurnList(data, sessionId)
    },
  })
