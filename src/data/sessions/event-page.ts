import type { PublicEvent } from './types'
import { api } from '@/api/client'
import { expectObject } from '@/api/response-guards'

// A module of its own: screens that read one page (a session's title) do not load the stream reader.

export type EventPage = { events: PublicEvent[]; nextCursor: string | null; hasMore: boolean }

export async function fetchEventPage(
  sessionId: string,
  after: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<EventPage> {
  const { data } = await api().GET('/api/v1/agent-sessions/{session}/events', {
    params: { path: { session: sessionId }, query: { limit, ...(after === null ? {} : { after }) } },
    signal,
  })
  const page = expectObject(data, 'event page', ['data', 'has_more'])
  const events = (Array.isArray(page.data) ? page.data : []).filter(
    (event) => typeof event === 'object' && event !== null && event.schema_version === 1,
  )
  return { events, nextCursor: page.next_cursor ?? null, hasMore: page.has_more }
}
