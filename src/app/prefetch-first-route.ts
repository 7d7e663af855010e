import type { QueryClient } from '@tanstack/react-query'
import { matchPath } from 'react-router'
import { SCREEN_ROUTES, type ScreenName } from './router'
import { allEnvironmentsQuery, environmentListQuery } from '@/data/environments/queries'
import { namespacesQuery, scopeQuery } from '@/data/identity/queries'
import { prefetchFirstHistoryPage } from '@/data/sessions/event-page'
import { sessionQuery, turnsQuery } from '@/data/sessions/queries'
import {
  isServerPaged,
  PAGE_SIZE,
  readListView,
} from '@/features/environments/models/environment-list-params'

/**
 * Starts the first screen's requests while its code and strings are still downloading, so the
 * answers are (nearly) in the cache when it mounts instead of being asked for after the render.
 * The keys and options are the ones the screen reads, so it picks the answers up as they are.
 */
export function prefetchFirstRoute(
  queryClient: QueryClient,
  screen: ScreenName,
  location: { pathname: string; search: string },
): void {
  // The header's namespace picker needs both on every signed-in screen.
  void queryClient.prefetchQuery(scopeQuery())
  void queryClient.prefetchQuery(namespacesQuery())
  if (screen === 'environments') {
    const view = readListView(new URLSearchParams(location.search))
    if (isServerPaged(view))
      void queryClient.prefetchQuery(
        environmentListQuery({ limit: PAGE_SIZE, offset: (view.page - 1) * PAGE_SIZE }),
      )
    else void queryClient.prefetchQuery(allEnvironmentsQuery())
  }
  if (screen === 'sessionDetail') {
    const sessionId = paramsOfScreen(screen, location.pathname)?.sessionId
    if (!sessionId) return
    // What the session page reads before it shows anything: the session, its turns and the first
    // page of its log (any tab: they all read the one log). The snapshot waits for that page.
    void queryClient.prefetchQuery(sessionQuery(sessionId))
    void queryClient.prefetchQuery(turnsQuery(sessionId))
    prefetchFirstHistoryPage(sessionId)
  }
}

/** The path's parameters as the router reads them for that screen (decoded). */
function paramsOfScreen(screen: ScreenName, pathname: string) {
  const route = SCREEN_ROUTES.find((candidate) => candidate.screen === screen)
  return route ? matchPath(`/${route.path}`, pathname)?.params : undefined
}
