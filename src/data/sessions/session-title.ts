import { queryOptions, useQueries, useQuery } from '@tanstack/react-query'
import { contentText } from './event-data'
import { fetchEventPage } from './event-page'
import { sessionKeys } from './keys'
import type { PublicEvent, Session } from './types'
import { isRecord, readText } from '@/lib/read-fields'

/** Titles longer than this are cut at a word boundary. */
export const TITLE_MAX = 60
/** The first user message is among a session's first events (turn.accepted, turn.queued, item.*). */
const FIRST_EVENTS = 20

/** A title for the eye: the first line, whitespace collapsed, cut at a word near `max`. */
export function shortenTitle(text: string, max = TITLE_MAX): string {
  const line = (text.split(/\r?\n/).find((part) => part.trim() !== '') ?? '').replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/**
 * The title the server gave the session, if it sends one: the upstream session DTO has no
 * `title` (handlers_sessions.go@c2d43f8), but a server that adds one is read.
 */
export function serverSessionTitle(session: Session): string | null {
  const record: Record<string, unknown> = session
  const title = readText(record.title)
  return title === null || title.trim() === '' ? null : title.trim()
}

/** The text of the first user message among events, or null. */
export function firstUserMessage(events: readonly PublicEvent[]): string | null {
  for (const event of events) {
    if (event.type !== 'item.completed' && event.type !== 'item.started') continue
    const item = isRecord(event.data.item) ? event.data.item : null
    if (!item || readText(item.role) !== 'user') continue
    const text = contentText(item.content).trim()
    if (text) return text
  }
  return null
}

/** The first user message of a session, read from the start of its log (null while it has none). */
export const firstUserMessageQuery = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKeys.firstMessage(sessionId),
    queryFn: async ({ signal }) => {
      const page = await fetchEventPage(sessionId, null, FIRST_EVENTS, signal)
      return firstUserMessage(page.events)
    },
    // A first message never changes once sent; a session without one yet is asked again later.
    staleTime: (query) => (query.state.data ? Number.POSITIVE_INFINITY : 30_000),
    retry: 1,
  })

export type SessionTitle = {
  /** What to call the session: its title, else its first message shortened, else its id. */
  text: string
  source: 'server' | 'message' | 'id'
}

export function sessionTitleOf(session: Session, firstMessage: string | null | undefined): SessionTitle {
  const server = serverSessionTitle(session)
  if (server) return { text: shortenTitle(server), source: 'server' }
  if (firstMessage) return { text: shortenTitle(firstMessage), source: 'message' }
  return { text: session.id, source: 'id' }
}

/** The session's title for any screen (list, header, palette, the tab's title). */
export function useSessionTitle(session: Session | undefined): SessionTitle | null {
  const needsMessage = session !== undefined && serverSessionTitle(session) === null
  const message = useQuery({ ...firstUserMessageQuery(session?.id ?? ''), enabled: needsMessage })
  if (!session) return null
  return sessionTitleOf(session, message.data)
}

/** Sessions whose first message the palette or a list reads for a title; the rest show their id. */
const MAX_TITLE_LOOKUPS = 30

/**
 * Titles of many sessions (a list page, the palette): the server's title where it sends one, else
 * the first message of the first `max` sessions without one (one small read each, cached for good
 * once found), else the id.
 */
export function useSessionTitles(
  sessions: readonly Session[],
  options: { enabled?: boolean; max?: number } = {},
): ReadonlyMap<string, SessionTitle> {
  const { enabled = true, max = MAX_TITLE_LOOKUPS } = options
  const lookups = sessions.filter((session) => serverSessionTitle(session) === null).slice(0, max)
  const messages = useQueries({
    queries: lookups.map((session) => ({ ...firstUserMessageQuery(session.id), enabled })),
  })
  const byId = new Map<string, string | null | undefined>()
  lookups.forEach((session, index) => byId.set(session.id, messages[index]?.data))
  return new Map(sessions.map((session) => [session.id, sessionTitleOf(session, byId.get(session.id))]))
}

/** When the session last did something (the server's extension, else its last update). */
export function lastActivityOf(session: Session): number {
  return session.lastActivityAt ?? session.updatedAt
}

/** Newest activity first; ties keep the server's order. */
export function byLastActivity(a: Session, b: Session): number {
  return lastActivityOf(b) - lastActivityOf(a)
}

/**
 * Titles of the sessions a screen names by id only (work items, claims), read from a list of
 * sessions the screen already has rather than one request per id: only the ids found in that list
 * get a title (at most `max` first-message reads, as for a list page); the rest stay ids, which
 * is what the server lets the caller see of other users' sessions (C4).
 */
export function useSessionTitlesFor(
  sessionIds: readonly string[],
  sessions: readonly Session[] | undefined,
  options: { enabled?: boolean; max?: number } = {},
): (sessionId: string) => string | null {
  const wanted = new Set(sessionIds)
  const named = (sessions ?? []).filter((session) => wanted.has(session.id))
  const titles = useSessionTitles(named, options)
  return (sessionId) => {
    const title = titles.get(sessionId)
    return title && title.source !== 'id' ? title.text : null
  }
}
