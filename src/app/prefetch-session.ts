import type { QueryClient } from '@tanstack/react-query'
import { HISTORY_PAGE, LANE_FIRST_PAGE, prefetchFirstHistoryPage } from '@/data/sessions/event-page'
import { sessionQuery, turnsQuery } from '@/data/sessions/queries'
import { subagentsInLog } from '@/features/sessions/models/subagent-lanes'

/**
 * What the session page reads before it shows anything: the session, its turns and the first
 * page of its log (any tab: they all read the one log). The snapshot waits for the log.
 *
 * Opened on its waterfall, the page draws a lane for each child its log names, each from the
 * child's own first page: those leave as soon as the parent's first page is in, not once the page
 * has rendered and the lanes have mounted (on a tree of fifty children that is most of the wait).
 */
export function prefetchSession(queryClient: QueryClient, sessionId: string, search = ''): void {
  void queryClient.prefetchQuery(sessionQuery(sessionId))
  void queryClient.prefetchQuery(turnsQuery(sessionId))
  const isWaterfall = new URLSearchParams(search).get('tab') === 'waterfall'
  // On the waterfall a full page, to name as many children as one request can: the other tabs'
  // first screen needs a small one (FIRST_PAGE).
  const page = prefetchFirstHistoryPage(sessionId, isWaterfall ? HISTORY_PAGE : undefined)
  if (page === undefined || !isWaterfall) return
  page.then(
    ({ events }) => {
      for (const { childId } of subagentsInLog(events))
        void prefetchFirstHistoryPage({ sessionId, childId }, LANE_FIRST_PAGE)
    },
    // The parent's loader reports its own failed page; the lanes then ask for theirs themselves.
    () => undefined,
  )
}
