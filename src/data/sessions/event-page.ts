import { decodeEventPage } from './decode-session'
import type { EventPage } from './types'
import { api } from '@/api/client'

// A module of its own: screens that read one page (a session's title) do not load the stream reader.

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
  return decodeEventPage(data)
}
