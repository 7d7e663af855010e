import { queryOptions } from '@tanstack/react-query'
import { decodeChildTurns, decodeSubagentList, decodeTreeUsage } from './decode-subagents'
import { sessionKeys } from './keys'
import { toRoute, type SessionRouteLike } from './session-route'
import { api } from '@/api/client'

export type { Subagent, SubagentList, TreeUsage } from './decode-subagents'

/**
 * The direct children of the session or child the route names: `{S}/subagents`, or for a child
 * `{S}/subagents/{child}/subagents` (upstream projects it from the child's own view).
 */
export const subagentsQuery = (route: SessionRouteLike) => {
  const { sessionId, childId } = toRoute(route)
  return queryOptions({
    queryKey: sessionKeys.subagents(sessionId, childId),
    queryFn: async ({ signal }) => {
      const { data } =
        childId === undefined
          ? await api().GET('/api/v1/agent-sessions/{session}/subagents', {
              params: { path: { session: sessionId } },
              signal,
            })
          : await api().GET('/api/v1/agent-sessions/{session}/subagents/{child}/subagents', {
              params: { path: { session: sessionId, child: childId } },
              signal,
            })
      return decodeSubagentList(data)
    },
  })
}

/** A child's turns, from its `/turns` view (turn envelopes, not the session turn list). */
export const childTurnsQuery = (sessionId: string, childId: string) =>
  queryOptions({
    queryKey: [...sessionKeys.child(sessionId, childId), 'turns'],
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agent-sessions/{session}/subagents/{child}/turns', {
        params: { path: { session: sessionId, child: childId } },
        signal,
      })
      return decodeChildTurns(data, childId)
    },
  })

/** The session tree's usage (`include_children=true`): per-session figures, each at its own watermark. */
export const treeUsageQuery = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.treeUsage(sessionId),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/v1/agent-sessions/{session}/usage', {
        params: { path: { session: sessionId }, query: { include_children: true } },
        signal,
      })
      return decodeTreeUsage(data)
    },
  })
