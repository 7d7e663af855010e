import type { QueryClient } from '@tanstack/react-query'
import { prefetchFirstHistoryPage } from '@/data/sessions/event-page'
import { sessionQuery, turnsQuery } from '@/data/sessions/queries'

/**
 * What the session page reads before it shows anything: the session, its turns and the first
 * page of its log (any tab: they all read the one log). The snapshot waits for the log.
 */
export function prefetchSession(queryClient: QueryClient, sessionId: string): void {
  void queryClient.prefetchQuery(sessionQuery(sessionId))
  void queryClient.prefetchQuery(turnsQuery(sessionId))
  prefetchFirstHistoryPage(sessionId)
}
