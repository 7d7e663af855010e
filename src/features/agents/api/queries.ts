import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { agentKeys } from './keys'
import type { AgentStatusFilter } from '../models/filter-agents'
import { normalizeSessionList } from '@/api/normalize-session-list'
import type { Session } from '../models/agent-types'
import { api } from '@/api/client'
import { expectArray, expectObject } from '@/api/response-guards'

const statusQuery = (status: AgentStatusFilter) => (status === 'all' ? { includeArchived: true } : { status })

export const agentListQuery = (status: AgentStatusFilter = 'active') =>
  queryOptions({
    queryKey: agentKeys.list(status),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents', {
        params: { query: { limit: 200, ...statusQuery(status) } },
        signal,
      })
      return expectArray(expectObject(data, 'agents', ['items']).items, 'agents')
    },
    placeholderData: keepPreviousData,
  })

export const agentDefinitionQuery = (agentId: string) =>
  queryOptions({
    queryKey: agentKeys.definition(agentId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents/{agentId}/definition', {
        params: { path: { agentId } },
        signal,
      })
      const envelope = expectObject(data, 'agent definition', ['definition'])
      expectObject(envelope.definition, 'agent definition', ['version', 'name'])
      return envelope
    },
  })

export const agentVersionsQuery = (agentId: string) =>
  queryOptions({
    queryKey: agentKeys.versions(agentId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents/{agentId}/versions', {
        params: { path: { agentId } },
        signal,
      })
      return expectArray(expectObject(data, 'agent versions', ['items']).items, 'agent versions')
    },
  })

/** Sessions stop at this many pages of 500; the count then says "at least". */
const MAX_SESSION_PAGES = 20

/** Every session of the agent, archived ones included, following pages when the server pages. */
export const agentSessionsQuery = (agentId: string) =>
  queryOptions({
    queryKey: agentKeys.sessions(agentId),
    queryFn: async ({ signal }) => {
      const items: Session[] = []
      let offset = 0
      for (let page = 0; page < MAX_SESSION_PAGES; page += 1) {
        const { data } = await api().GET('/api/v1/agent-sessions', {
          // Spec 1.0.0 servers ignore limit/offset and answer everything at once.
          params: { query: { agentId, status: 'all', limit: 500, offset } },
          signal,
        })
        const list = normalizeSessionList(data, offset)
        items.push(...list.items.filter((session) => session.agentId === agentId))
        if (list.nextOffset === null) return { items, isComplete: true }
        offset = list.nextOffset
      }
      return { items, isComplete: false }
    },
  })
