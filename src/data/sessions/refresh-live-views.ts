import type { QueryClient } from '@tanstack/react-query'
import { sessionKeys } from './keys'
import { workKeys } from '../work/keys'

/**
 * The server views a session's events change: its turns, its own status, the work queue (claims)
 * and, for a session still named by its id, the first message its title comes from.
 */
export function refreshLiveSessionViews(queryClient: QueryClient, sessionId: string): void {
  void queryClient.invalidateQueries({ queryKey: sessionKeys.turns(sessionId) })
  void queryClient.invalidateQueries({ queryKey: sessionKeys.detail(sessionId), exact: true })
  void queryClient.invalidateQueries({ queryKey: workKeys.all })
  void queryClient.invalidateQueries({
    queryKey: sessionKeys.firstMessage(sessionId),
    predicate: (query) => !query.state.data,
  })
}
