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

/**
 * A sub-agent lane's first request asks for this many events, the rest a full page at a time:
 * fifty lanes each show their first turns after a small page apiece instead of waiting, one after
 * the other, for fifty full pages from the server.
 */
export const LANE_FIRST_PAGE = 100

/**
 * A session log's first request asks for this many events, the rest a full page at a time: the
 * first screen shows a few dozen rows. On a 100,000-event session a first page of 1,000 painted the
 * first row 40–70 ms later than this one (the server building and the page decoding and storing
 * events nobody sees yet), in interleaved rounds on the bench's machine.
 */
export const FIRST_PAGE = 200

/** How long a page asked for at start-up waits to be taken before it is dropped. */
const EARLY_PAGE_TTL_MS = 30_000
type EarlyPage = { page: Promise<EventPage>; arrived?: EventPage }
const earlyPages = new Map<string, EarlyPage>()
// A child's page is kept under its own route: never handed to its root session's log, or back.
const earlyKey = (route: SessionRouteLike) => {
  const { sessionId, childId } = toRoute(route)
  return JSON.stringify([sessionId, childId ?? null])
}

/**
 * Asks for a log's first history page at start-up, while the session page's code is still
 * downloading; the history loader then takes it (`takeFirstHistoryPage`) instead of asking again.
 * Not a query: a page of a log that the loader appends to is read once, never cached or shared.
 * Returns the page asked for, or undefined when one was already waiting.
 */
export function prefetchFirstHistoryPage(
  route: SessionRouteLike,
  limit = FIRST_PAGE,
): Promise<EventPage> | undefined {
  const key = earlyKey(route)
  if (earlyPages.has(key)) return undefined
  const page = fetchEventPage(route, null, limit)
  const early: EarlyPage = { page }
  page.then(
    (arrived) => {
      early.arrived = arrived
    },
    // A failure reaches the loader that takes the page; until then it is not unhandled.
    () => undefined,
  )
  earlyPages.set(key, early)
  setTimeout(() => {
    if (earlyPages.get(key) === early) earlyPages.delete(key)
  }, EARLY_PAGE_TTL_MS)
  return page
}

/** The first page asked for at start-up, once; undefined when none was (or it was taken). */
export function takeFirstHistoryPage(route: SessionRouteLike): Promise<EventPage> | undefined {
  const key = earlyKey(route)
  const early = earlyPages.get(key)
  earlyPages.delete(key)
  return early?.page
}

/**
 * The first page asked for at start-up if it has already arrived, without taking it: a log
 * created after it came in starts with its events, so the screen's first render shows rows instead
 * of waiting one more render for the loader's effect. The loader still takes it (and finds its
 * events already applied).
 */
export function arrivedFirstHistoryPage(route: SessionRouteLike): EventPage | undefined {
  return earlyPages.get(earlyKey(route))?.arrived
}
