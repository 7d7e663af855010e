import { parsePublicEvent } from './parse-public-event'
import { toRoute, type SessionRouteLike } from './session-route'
import type { PublicEvent } from './types'
import { isApiError } from '@/api/api-error'
import { api } from '@/api/client'
import { streamSse } from '@/api/sse-reader'

/**
 * Follows the session's durable events over SSE, from just after `after` (null = the start).
 * Native EventSource cannot send the Bearer header, so the typed client fetches the stream
 * (`parseAs: 'stream'`) and `streamSse` reads it. A refused cursor reaches the caller as an ApiError.
 */
export async function* openEventStream(
  route: SessionRouteLike,
  after: string | null,
  signal: AbortSignal,
  onOpen: () => void,
): AsyncGenerator<PublicEvent> {
  const { sessionId, childId } = toRoute(route)
  const position = {
    query: after === null ? {} : { after },
    header: after === null ? {} : { 'Last-Event-ID': after },
  }
  const options = { headers: { Accept: 'text/event-stream' }, parseAs: 'stream', signal } as const
  const { response } =
    childId === undefined
      ? await api().GET('/api/v1/agent-sessions/{session}/events/stream', {
          params: { path: { session: sessionId }, ...position },
          ...options,
        })
      : await api().GET('/api/v1/agent-sessions/{session}/subagents/{child}/events/stream', {
          params: { path: { session: sessionId, child: childId }, ...position },
          ...options,
        })
  // An idle session may send nothing but heartbeats for a while: accepted headers mean "live".
  if ((response.headers.get('Content-Type') ?? '').includes('text/event-stream')) onOpen()
  for await (const message of streamSse(response, { signal })) {
    const event = parsePublicEvent(message.data, message.id)
    if (event) yield event
  }
}

export { fetchEventPage } from './event-page'
export type { EventPage } from './types'

/**
 * The server refused the `after` position: 410 `cursor_expired` (the docs; the log was compacted
 * past it), 409 (ahead of the head) or 400 (malformed, or another session's), as the upstream code
 * answers (api-notes C19). All three mean the same to the console: that cursor will never work
 * again, so reload the snapshot and resume from its head.
 */
export function isCursorRefused(error: unknown): boolean {
  return isApiError(error) && (error.status === 410 || error.status === 409 || error.status === 400)
}
