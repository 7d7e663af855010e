import { http, type HttpHandler } from 'msw'
import { isApiVariant } from '../lib/api-variant'
import type { MockBackend } from '../lib/backend'
import { noFaults, sanitizeFaults } from '../lib/faults'
import { controlState } from '../engine/controls'
import { burstEvents } from '../engine/burst'
import { isRecord, json, noContent, readJsonBody } from '../lib/responses'
import { appendEvent, firstSeq, headSeq } from '../lib/event-log'

/**
 * Mock-only routes for the console's Demo panel and for tests: faults, virtual workers, reset.
 * They are not part of the product contract (not in openapi.yaml, untyped msw `http`), live under
 * `/__mock/` where no Gateway route exists, and skip the injected latency and errors of `/api/*`.
 */
export const MOCK_CONTROL_PREFIX = '/__mock'

/** Most events one `/__mock/sessions/{id}/events` call appends (a 100,000-event replay is ten calls). */
const MAX_APPEND = 10_000

function engineMissing(): Response {
  return json({ error: 'the execution engine is not installed in this mock' }, { status: 503 })
}

export function createMockControlHandlers(backend: MockBackend): HttpHandler[] {
  const route = (path: string) => `*${MOCK_CONTROL_PREFIX}${path}`

  return [
    http.get(route('/state'), () => json(controlState(backend))),

    http.get(route('/faults'), () => json(backend.faults)),

    http.put(route('/faults'), async ({ request }) => {
      const body = await readJsonBody(request)
      if (!body.ok || !isRecord(body.value))
        return json({ error: 'body must be a JSON object' }, { status: 400 })
      if (backend.controls) return json(backend.controls.setFaults(body.value))
      Object.assign(backend.faults, sanitizeFaults(body.value))
      return json(backend.faults)
    }),

    http.delete(route('/faults'), () => {
      if (backend.controls) return json(backend.controls.setFaults(noFaults))
      Object.assign(backend.faults, structuredClone(noFaults))
      return json(backend.faults)
    }),

    // Which upstream shapes to answer in (lib/backend.ts ApiVariant); the Demo panel's switch.
    http.get(route('/options'), () =>
      json({ apiVariant: backend.options.apiVariant, traceEnabled: backend.options.traceEnabled }),
    ),

    // `traceEnabled` is `builder.agent-api.trace-enabled` (the demo's stand-in for a restart).
    http.put(route('/options'), async ({ request }) => {
      const body = await readJsonBody(request)
      const value = body.ok && isRecord(body.value) ? body.value : {}
      const { apiVariant: variant, traceEnabled } = value
      const hasTrace = typeof traceEnabled === 'boolean'
      if ((variant !== undefined || !hasTrace) && !isApiVariant(variant))
        return json(
          { error: 'send {apiVariant: "code" | "docs" | "release"} and/or {traceEnabled: boolean}' },
          { status: 400 },
        )
      if (isApiVariant(variant)) backend.options.apiVariant = variant
      if (hasTrace) backend.options.traceEnabled = traceEnabled
      return json({ apiVariant: backend.options.apiVariant, traceEnabled: backend.options.traceEnabled })
    }),

    // Moves the mock's time ahead (never back), e.g. to make a busy worker's item look stale.
    http.post(route('/clock'), async ({ request }) => {
      const body = await readJsonBody(request)
      const advanceMs = body.ok && isRecord(body.value) ? body.value.advanceMs : undefined
      if (typeof advanceMs !== 'number' || !Number.isFinite(advanceMs) || advanceMs < 0) {
        return json({ error: 'send {advanceMs: a non-negative number}' }, { status: 400 })
      }
      backend.clockOffsetMs += advanceMs
      return json({ now: backend.clock.now(), offsetMs: backend.clockOffsetMs })
    }),

    http.post(route('/reset'), async () => {
      if (!backend.controls) return engineMissing()
      await backend.controls.reset()
      return noContent()
    }),

    // Reliability tests: grow a session's log by many events at once (a replay to stream), with any
    // payload (hostile input), then compact it so old cursors expire (410).
    http.post(route('/sessions/:sessionId/events'), async ({ request, params }) => {
      const record = backend.db.sessions.get(String(params.sessionId))
      if (!record) return json({ error: `no session ${String(params.sessionId)}` }, { status: 404 })
      const body = await readJsonBody(request)
      const value = body.ok && isRecord(body.value) ? body.value : {}
      const count = typeof value.count === 'number' ? Math.floor(value.count) : 1
      if (count < 1 || count > MAX_APPEND) {
        return json({ error: `count must be between 1 and ${MAX_APPEND}` }, { status: 400 })
      }
      const start = Date.now()
      // Either `events: [{type, data}]` appended as given, or `count` copies of one `{type, data}`.
      if (Array.isArray(value.events)) {
        const events = value.events.filter(isRecord)
        events.forEach((event, index) => {
          const type = typeof event.type === 'string' ? event.type : 'mock.replay'
          appendEvent(record, type, isRecord(event.data) ? event.data : {}, start + index)
        })
        return json({ headSeq: headSeq(record), appended: events.length }, { status: 201 })
      }
      const type = typeof value.type === 'string' ? value.type : 'mock.replay'
      const data = isRecord(value.data) ? value.data : {}
      for (let index = 0; index < count; index += 1) {
        appendEvent(record, type, { ...data, index }, start + index)
      }
      return json({ headSeq: headSeq(record), appended: count }, { status: 201 })
    }),

    http.post(route('/sessions/:sessionId/compact'), async ({ request, params }) => {
      const record = backend.db.sessions.get(String(params.sessionId))
      if (!record) return json({ error: `no session ${String(params.sessionId)}` }, { status: 404 })
      const body = await readJsonBody(request)
      const value = body.ok && isRecord(body.value) ? body.value : {}
      const keepLast = typeof value.keepLast === 'number' ? Math.max(1, Math.floor(value.keepLast)) : 1
      const drop = Math.max(0, record.events.length - keepLast)
      record.events.splice(0, drop)
      record.retainedFromSeq = firstSeq(record)
      return json({ retainedFromSeq: record.retainedFromSeq, headSeq: headSeq(record) })
    }),

    http.get(route('/workers'), () => json(backend.controls?.listWorkers() ?? [])),

    http.post(route('/workers'), async ({ request }) => {
      if (!backend.controls) return engineMissing()
      const body = await readJsonBody(request)
      const value = body.ok && isRecord(body.value) ? body.value : {}
      const { workerId, environmentId, environmentKey } = value
      if (
        typeof workerId !== 'string' ||
        typeof environmentId !== 'string' ||
        typeof environmentKey !== 'string'
      ) {
        return json({ error: 'send {workerId, environmentId, environmentKey}' }, { status: 400 })
      }
      return json(backend.controls.startWorker({ workerId, environmentId, environmentKey }), { status: 201 })
    }),

    http.post(route('/workers/:workerId/restart'), async ({ request, params }) => {
      if (!backend.controls) return engineMissing()
      const body = await readJsonBody(request)
      const key = body.ok && isRecord(body.value) ? body.value.environmentKey : undefined
      const status = backend.controls.restartWorker(
        String(params.workerId),
        typeof key === 'string' ? key : undefined,
      )
      return status
        ? json(status)
        : json({ error: `no virtual worker ${String(params.workerId)}` }, { status: 404 })
    }),

    http.post(route('/workers/:workerId/kill'), ({ params }) => {
      if (!backend.controls) return engineMissing()
      const status = backend.controls.killWorker(String(params.workerId))
      return status
        ? json(status)
        : json({ error: `no virtual worker ${String(params.workerId)}` }, { status: 404 })
    }),

    // Benchmarks: `rate` events a second for `durationMs` into a session, stamped with their send
    // time; answers with the events sent (id, createdAt) once the burst is over.
    http.post(route('/sessions/:sessionId/burst'), async ({ request, params }) => {
      const record = backend.db.sessions.get(String(params.sessionId))
      if (!record) return json({ error: `no session ${String(params.sessionId)}` }, { status: 404 })
      const body = await readJsonBody(request)
      const value = body.ok && isRecord(body.value) ? body.value : {}
      const rate = typeof value.rate === 'number' ? Math.min(Math.max(value.rate, 1), 5000) : 300
      const durationMs =
        typeof value.durationMs === 'number' ? Math.min(Math.max(value.durationMs, 1), 600_000) : 30_000
      const sent = await burstEvents(record, { rate, durationMs, now: () => Date.now() })
      return json({ sent })
    }),
  ]
}
