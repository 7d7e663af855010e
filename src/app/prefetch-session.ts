import type { QueryClient } from '@tanstack/react-query'
import { HISTORY_PAGE, LANE_FIRST_PAGE, prefetchFirstHistoryPage } from '@/data/sessions/event-page'
import { sessionQuery, turnsQuery } from '@/data/sessions/queries'
import { TRANSCRIPT_STRINGS } from '@/features/sessions/components/tab-strings'
import { sessionTabOf } from '@/features/sessions/models/session-tabs'
import { subagentsInLog } from '@/features/sessions/models/subagent-lanes'
import { loadNamespace, preferredLocale } from '@/i18n'

/**
 * The transcript's code and strings, asked for beside the page's own code. Left to the page's
 * module, they would leave only once its thirty-odd files had arrived and run, and the transcript
 * (the default tab) would wait a round trip for them after the first page of events was in.
 * A failed download is not reported here: the tab asks again when it renders and reports it.
 */
function preloadTranscript() {
  void import('@/features/sessions/components/transcript-tab').catch(() => undefined)
  // In the language the page starts in (the shell's strings may not have made it active yet).
  const locale = preferredLocale()
  for (const namespace of TRANSCRIPT_STRINGS) void loadNamespace(namespace, locale).catch(() => undefined)
}

/**
 * What the session page reads before it shows anything: the session, its turns and the first
 * page of its log (any tab: they all read the one log), and, opened on its transcript, the
 * transcript's code and strings. The snapshot waits for the log.
 *
 * Opened on its waterfall, the page draws a lane for each child its log names, each from the
 * child's own first page: those leave as soon as the parent's first page is in, not once the page
 * has rendered and the lanes have mounted (on a tree of fifty children that is most of the wait).
 */
export function prefetchSession(queryClient: QueryClient, sessionId: string, search = ''): void {
  void queryClient.prefetchQuery(sessionQuery(sessionId))
  void queryClient.prefetchQuery(turnsQuery(sessionId))
  const tab = sessionTabOf(new URLSearchParams(search))
  const isWaterfall = tab === 'waterfall'
  // On the waterfall a full page, to name as many children as one request can: the other tabs'
  // first screen needs a small one (FIRST_PAGE).
  const page = prefetchFirstHistoryPage(sessionId, isWaterfall ? HISTORY_PAGE : undefined)
  if (tab === 'transcript') preloadTranscript()
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
