import type { QueryClient } from '@tanstack/react-query'
import { matchPath } from 'react-router'
import type * as PrefetchSessionModule from './prefetch-session'
import { SCREEN_ROUTES, type ScreenName } from './router'
import { allEnvironmentsQuery, environmentListQuery } from '@/data/environments/queries'
import { namespacesQuery, scopeQuery } from '@/data/identity/queries'
import {
  isServerPaged,
  PAGE_SIZE,
  readListView,
} from '@/features/environments/models/environment-list-params'

let sessionPrefetch: Promise<typeof PrefetchSessionModule> | undefined
const loadSessionPrefetch = () => (sessionPrefetch ??= import('./prefetch-session'))

/**
 * Asks for the small module that sends the first screen's requests before the screen's own code
 * (main calls this first): the browser then fetches it and its few chunks ahead of the screen's
 * thirty-odd, and the requests leave as soon as the API is connected instead of after them.
 */
export function preloadFirstRouteCode(screen: ScreenName): void {
  // A failed download is reported when the requests are sent (they are then not sent).
  if (screen === 'sessionDetail') void loadSessionPrefetch().catch(() => undefined)
}

/**
 * Starts the first screen's requests while its code and strings are still downloading, so the
 * answers are (nearly) in the cache when it mounts instead of being asked for after the render.
 * The keys and options are the ones the screen reads, so it picks the answers up as they are.
 * Resolves once they have all been sent (the session page's leave with a small chunk of its own).
 */
export function prefetchFirstRoute(
  queryClient: QueryClient,
  screen: ScreenName,
  location: { pathname: string; search: string },
): Promise<void> {
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
    if (!sessionId) return Promise.resolve()
    // The session's decoders are the session page's code, not the entry's: this small module
    // shares their chunk with the page, so the requests leave as that chunk arrives, before the
    // page's own code has run.
    return loadSessionPrefetch().then(
      ({ prefetchSession }) => prefetchSession(queryClient, sessionId, location.search),
      () => undefined,
    )
  }
  return Promise.resolve()
}

/** The path's parameters as the router reads them for that screen (decoded). */
function paramsOfScreen(screen: ScreenName, pathname: string) {
  const route = SCREEN_ROUTES.find((candidate) => candidate.screen === screen)
  return route ? matchPath(`/${route.path}`, pathname)?.params : undefined
}
