import type { HttpHandler } from 'msw'
import type { MockBackend } from '../lib/backend'
import type { SessionRecord } from '../db/types'
import { encodeCursor, resolveCursor } from '../lib/cursor'
import { subscribe } from '../lib/event-bus'
import { http } from '../lib/openapi-http'
import { isResponse } from '../lib/request-context'
import { sessionApiError } from '../lib/responses'
import { deriveSessionViews } from '../lib/session-views'
import { firstSeq, headSeq, type PublicEvent } from '../lib/event-log'
import { descendants, treeUsage } from '../lib/subagent-tree'
import { badRequest, findSession } from './session-common'

const DEFAULT_PAGE = 100
const MAX_PAGE = 1000
/** Replay is written in slices so a 100,000-event backlog streams with back-pressure instead of at once. */
const REPLAY_BATCH = 500
/** Export reads the log in pages of this many, as AgentSessionCheckpointsController.export does. */
const EXPORT_PAGE = 256
export const EXPORT_FILE_NAME = 'session-events.jsonl'

/** The `after` position as a sequence, or the server's 400/409 (docs variant: also 410) answer. */
export function afterSeq(
  backend: MockBackend,
  request: Request,
  record: SessionRecord,
  cursor: string | null,
): number | Response {
  const result = resolveCursor(cursor, {
    sessionId: record.session.id,
    headSeq: headSeq(record),
    retainedFromSeq: record.retainedFromSeq,
    expireCompacted: backend.options.apiVariant === 'docs',
  })
  return result.ok ? result.afterSeq : sessionApiError(request, result.status, result.code, result.message)
}

/** Whether the log is still the one the mock keeps (a session's or a sub-agent's). */
function isStored(backend: MockBackend, record: SessionRecord): boolean {
  const id = record.session.id
  return (backend.db.sessions.get(id) ?? backend.db.subagentSessions.get(id)) === record
}

/** Events with sequence > `after`, at most `limit` of them (the log holds contiguous sequences). */
export function eventsAfter(
  record: SessionRecord,
  after: number,
  limit: number,
): { events: PublicEvent[]; lastSeq: number } {
  const first = firstSeq(record)
  const start = Math.max(0, after + 1 - first)
  const events = record.events.slice(start, start + limit)
  return { events, lastSeq: first + start + events.length - 1 }
}

/**
 * SSE over a plain ReadableStream (msw's sse() needs EventSource, which Node 20 lacks). It replays
 * from the cursor in batches, then waits for appendEvent to wake it and sends whatever is new, so
 * replay and live delivery read the same log and can neither skip nor repeat an event. Injected
 * faults end the stream after a number of events, or break it (an error, like a dropped
 * connection) after a time.
 */
export function eventStream(
  backend: MockBackend,
  request: Request,
  record: SessionRecord,
  after: number,
): Response {
  const encoder = new TextEncoder()
  const { streamDropEveryMs, streamDropAfterEventsJitter } = backend.faults
  const streamDropAfterEvents =
    backend.faults.streamDropAfterEvents > 0
      ? backend.faults.streamDropAfterEvents +
        Math.floor(backend.faultRandom() * (streamDropAfterEventsJitter + 1))
      : 0
  let next = after
  let sent = 0
  let isClosed = false
  let isDropDue = false
  let wake: (() => void) | null = null
  let unsubscribe: () => void = () => undefined
  let heartbeat: ReturnType<typeof setInterval> | undefined
  let dropTimer: ReturnType<typeof setTimeout> | undefined

  const close = () => {
    if (isClosed) return
    isClosed = true
    unsubscribe()
    clearInterval(heartbeat)
    clearTimeout(dropTimer)
    request.signal.removeEventListener('abort', handleAbort)
    wake?.()
  }
  let handleAbort: () => void = close
  let drop: () => void = close

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      unsubscribe = subscribe(record, () => wake?.())
      // Comment lines keep proxies from timing the stream out; they never move the client's cursor.
      if (backend.options.streamHeartbeatMs > 0) {
        heartbeat = setInterval(() => {
          if (!isClosed) controller.enqueue(encoder.encode(':keepalive\n\n'))
        }, backend.options.streamHeartbeatMs)
      }
      handleAbort = () => {
        if (isClosed) return
        close()
        controller.close()
      }
      // An error, not a clean end: the client sees a broken connection and must resume.
      drop = () => {
        if (isClosed) return
        close()
        controller.error(new Error('event stream dropped (injected fault)'))
      }
      if (streamDropEveryMs > 0) dropTimer = setTimeout(drop, streamDropEveryMs)
      // The client went away (fetch aborted, tab closed): stop following the session.
      request.signal.addEventListener('abort', handleAbort, { once: true })
    },
    async pull(controller) {
      // After N events the server ends the stream (cleanly, so nothing already sent is lost on the
      // way, whatever the transport buffers); the client has to reconnect and resume.
      if (isDropDue) {
        close()
        controller.close()
        return
      }
      while (!isClosed) {
        const room = streamDropAfterEvents > 0 ? streamDropAfterEvents - sent : REPLAY_BATCH
        const batch = eventsAfter(record, next, Math.min(REPLAY_BATCH, room))
        if (batch.events.length > 0) {
          const frames = batch.events.map(
            (event) => `id: ${event.cursor}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`,
          )
          controller.enqueue(encoder.encode(frames.join('')))
          next = batch.lastSeq
          sent += batch.events.length
          isDropDue = streamDropAfterEvents > 0 && sent >= streamDropAfterEvents
          return
        }
        if (!isStored(backend, record)) {
          // Deleted while followed: nothing more will come, so end the stream cleanly.
          close()
          controller.close()
          return
        }
        await new Promise<void>((resolve) => {
          wake = resolve
        })
        wake = null
      }
    },
    cancel() {
      close()
    },
  })
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
  })
}

export function parseLimit(request: Request): number | Response {
  const text = new URL(request.url).searchParams.get('limit')
  if (text === null) return DEFAULT_PAGE
  const limit = /^\d+$/.test(text) ? Number(text) : NaN
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
    return sessionApiError(
      request,
      400,
      'invalid_limit',
      `limit must be an integer between 1 and ${MAX_PAGE}`,
    )
  }
  return limit
}

/** The snapshot of a log, folded from its events, naming its session as `session` says. */
export function snapshotOf<S>(record: SessionRecord, session: S) {
  const views = deriveSessionViews(record)
  return {
    session,
    as_of: views.asOf,
    items: views.items,
    tools: views.tools,
    turns: views.turns,
    runs: views.runs,
    required_actions: views.requiredActions,
    action_commands: views.actionCommands,
    inputs: [],
    artifacts: [],
    subagents: views.subagents,
    usage: views.usage,
  }
}

export function createSessionViewHandlers(backend: MockBackend): HttpHandler[] {
  return [
    http.get('/api/v1/agent-sessions/{session}/snapshot', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      return response(200).json(snapshotOf(access.record, access.record.session))
    }),

    http.get('/api/v1/agent-sessions/{session}/events', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      const limit = parseLimit(request)
      if (isResponse(limit)) return response.untyped(limit)
      const cursor = new URL(request.url).searchParams.get('after')
      const after = afterSeq(backend, request, access.record, cursor)
      if (isResponse(after)) return response.untyped(after)
      const page = eventsAfter(access.record, after, limit)
      const next = page.events.length > 0 ? page.lastSeq : after
      // Always a cursor, even for an empty page at the start of an empty log; no `as_of` here.
      return response(200).json({
        data: page.events,
        next_cursor: encodeCursor(access.record.session.id, next),
        has_more: next < headSeq(access.record),
      })
    }),

    http.get('/api/v1/agent-sessions/{session}/events/stream', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      // Both positions are checked; the later of `after` and Last-Event-ID wins.
      const fromQuery = afterSeq(
        backend,
        request,
        access.record,
        new URL(request.url).searchParams.get('after'),
      )
      if (isResponse(fromQuery)) return response.untyped(fromQuery)
      const fromHeader = afterSeq(backend, request, access.record, request.headers.get('Last-Event-ID'))
      if (isResponse(fromHeader)) return response.untyped(fromHeader)
      return response.untyped(eventStream(backend, request, access.record, Math.max(fromQuery, fromHeader)))
    }),

    // After the stream route, so `stream` is never read as an event id.
    http.get('/api/v1/agent-sessions/{session}/events/{eventId}', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      const event = access.record.events.find((candidate) => candidate.id === params.eventId)
      if (!event) {
        return response.untyped(
          sessionApiError(request, 404, 'event_not_found', `event ${params.eventId} not found`),
        )
      }
      return response(200).json(event)
    }),

    // AgentSessionCheckpointsController.export [b589d28e]: the caller's session (404 otherwise),
    // its head taken once at request time, then every public envelope up to it in pages of 256,
    // one JSON object and "\n" per line. No query parameters. The mock's log holds public events
    // only (the native facts live in the journal), so every retained event is written.
    http.get('/api/v1/agent-sessions/{session}/export', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      const { record } = access
      const through = headSeq(record)
      const encoder = new TextEncoder()
      let after = firstSeq(record) - 1
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const page = eventsAfter(record, after, Math.min(EXPORT_PAGE, through - after))
          if (page.events.length === 0 || after >= through) {
            controller.close()
            return
          }
          after = page.lastSeq
          controller.enqueue(
            encoder.encode(page.events.map((event) => `${JSON.stringify(event)}\n`).join('')),
          )
        },
      })
      return response.untyped(
        new Response(body, {
          status: 200,
          headers: {
            'Content-Type': 'application/x-ndjson',
            'Content-Disposition': `attachment; filename="${EXPORT_FILE_NAME}"`,
          },
        }),
      )
    }),

    http.get('/api/v1/agent-sessions/{session}/tools', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      const views = deriveSessionViews(access.record)
      return response(200).json({ data: views.tools, as_of: views.asOf })
    }),

    http.get('/api/v1/agent-sessions/{session}/items', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      const views = deriveSessionViews(access.record)
      return response(200).json({ data: views.items, as_of: views.asOf })
    }),

    http.get('/api/v1/agent-sessions/{session}/usage', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      const includeChildren = new URL(request.url).searchParams.get('include_children')
      if (includeChildren !== null && includeChildren !== 'true' && includeChildren !== 'false') {
        return response.untyped(badRequest(request, 'include_children must be true or false'))
      }
      const { usage, asOf } = deriveSessionViews(access.record)
      if (includeChildren !== 'true') return response(200).json({ data: usage, as_of: asOf })
      // The session and every linked descendant, each with its own watermark (SessionUsageService.read).
      const tree = descendants(backend.db, access.record)
      if (tree === 'too_many') {
        return response.untyped(sessionApiError(request, 409, 'conflict', 'Child traversal limit exceeded'))
      }
      const { usage: sum } = treeUsage([access.record, ...tree.values()])
      return response(200).json({ data: sum, as_of: asOf })
    }),
  ]
}
