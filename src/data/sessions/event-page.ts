import { decodeEventPage } from './decode-session'
import { toRoute, type SessionRouteLike } from './session-route'
import type { EventPage } from './types'
import { api } from '@/api/client'

// A module of its own: screens that read one page (a session's title) do not load the stream reader.

/** Events per history request: the server's maximum, so a 100,000-event log is 100 requests. */
export const HISTORY_PAGE = 1000

export async function fetchEventPage(
  route: SessionRouteLike,
  after: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<EventPage> {
  const { sessionId, childId } = toRoute(route)
  const query = { limit, ...(after === null ? {} : { after }) }
  // A child's log through its own route, with its own cursors (never the parent's).
  const { data } =
    childId === undefined
      ? await api().GET('/api/v1/agent-sessions/{session}/events', {
          params: { path: { session: sessionId }, query },
          signal,
        })
      : await api().GET('/api/v1/agent-sessions/{session}/subagents/{child}/events', {
          params: { path: { session: sessionId, child: childId }, query },
          signal,
        })
  return decodeEventPage(data)
}

/** How long a page asked for at start-up waits to be taken before it is dropped. */
const EARLY_PAGE_TTL_MS = 30_000
const earlyPages = new Map<string, Promise<EventPage>>()

/**
 * Asks for a session's first history page at start-up, while the session page's code is still
 * downloading; the history loader then takes it (`takeFirstHistoryPage`) instead of asking again.
 * Not a query: a page of a log that the loader appends to is read once, never cached or shared.
 */
export function prefetchFirstHistoryPage(sessionId: string): void {
  if (earlyPages.has(sessionId)) return
  const page = fetchEventPage(sessionId, null, HISTORY_PAGE)
  // A failure reaches the loader that takes the page; until then it is not unhandled.
  page.catch(() => undefined)
  earlyPages.set(sessionId, page)
  setTimeout(() => {
    if (earlyPages.get(sessionId) === page) earlyPages.delete(sessionId)
  }, EARLY_PAGE_TTL_MS)
}

/** The first page asked for at start-up, once; undefined when none was (or it was taken). */
export function takeFirstHistoryPage(sessionId: string): Promise<EventPage> | undefined {
  const page = earlyPages.get(sessionId)
  earlyPages.delete(sessionId)
  return page
}
