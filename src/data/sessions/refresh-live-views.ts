import type { QueryClient } from '@tanstack/react-query'
import { sessionKeys } from './keys'
import { toRoute, type SessionRouteLike } from './session-route'
import { workKeys } from '../work/keys'

/**
 * The server views a session's events change: its turns, its own status, the work queue (claims)
 * and, for a session still named by its id, the first message its title comes from.
 */
export function refreshLiveSessionViews(queryClient: QueryClient, route: SessionRouteLike): void {
  const { sessionId, childId } = toRoute(route)
  if (childId !== undefined) {
    // A child has no session record or work queue of its own: its views and its children.
    void queryClient.invalidateQueries({ queryKey: [...sessionKeys.child(sessionId, childId), 'turns'] })
    void queryClient.invalidateQueries({ queryKey: sessionKeys.subagents(sessionId, childId) })
    void queryClient.invalidateQueries({ queryKey: sessionKeys.treeUsage(sessionId) })
    return
  }
  void queryClient.invalidateQueries({ queryKey: sessionKeys.subagents(sessionId) })
  void queryClient.invalidateQueries({ queryKey: sessionKeys.treeUsage(sessionId) })
  void queryClient.invalidateQueries({ queryKey: sessionKeys.turns(sessionId) })
  void queryClient.invalidateQueries({ queryKey: sessionKeys.detail(sessionId), exact: true })
  void queryClient.invalidateQueries({ queryKey: workKeys.all })
  void queryClient.invalidateQueries({
    queryKey: sessionKeys.firstMessage(sessionId),
    predicate: (query) => !query.state.data,
  })
}
