import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { decodeAgentList, decodeDefinitionEnvelope, decodeVersion, decodeVersionList } from './decode-agent'
import { agentKeys, type AgentStatusFilter } from './keys'
import { api } from '@/api/client'

const statusQuery = (status: AgentStatusFilter) => (status === 'all' ? { includeArchived: true } : { status })

/** A definition changes only when someone saves it; the list reads one per visible row. */
const DEFINITION_STALE_MS = 60_000

export const agentListQuery = (status: AgentStatusFilter = 'active') =>
  queryOptions({
    queryKey: agentKeys.list(status),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents', {
        params: { query: { limit: 200, ...statusQuery(status) } },
        signal,
      })
      return decodeAgentList(data)
    },
    placeholderData: keepPreviousData,
  })

/**
 * The agent's managed definition, where its session defaults live (the catalog has none, C5).
 * A 404 (an external agent has no managed definition) or 403 is an answer, not worth retrying.
 */
export const agentDefinitionQuery = (agentId: string) =>
  queryOptions({
    queryKey: agentKeys.definition(agentId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents/{agentId}/definition', {
        params: { path: { agentId } },
        signal,
      })
      return decodeDefinitionEnvelope(data, agentId)
    },
    staleTime: DEFINITION_STALE_MS,
  })

export const agentVersionsQuery = (agentId: string) =>
  queryOptions({
    queryKey: agentKeys.versions(agentId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents/{agentId}/versions', {
        params: { path: { agentId } },
        signal,
      })
      return decodeVersionList(data)
    },
  })

/** One stored version, for a list entry that came without its snapshot. Versions never change. */
export const agentVersionQuery = (agentId: string, version: number) =>
  queryOptions({
    queryKey: agentKeys.version(agentId, version),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agents/{agentId}/versions/{version}', {
        params: { path: { agentId, version } },
        signal,
      })
      return decodeVersion(data)
    },
    staleTime: Number.POSITIVE_INFINITY,
  })
