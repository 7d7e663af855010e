import { http, type HttpHandler } from 'msw'
import type { MockBackend } from '../lib/backend'
import { isResponse, resolveContext } from '../lib/request-context'
import { isRecord, json, readJsonBody, sessionApiError } from '../lib/responses'
import { applyReconcile, checkReconcile, journalHead, readProjection } from '../lib/native-journal'
import { findSession, type SessionAccess } from './session-common'

/**
 * The admin repair surface, as AgentSessionTraceController [b589d28e] answers it
 * (service-dataplane/…/web/api/AgentSessionTraceController.java):
 * - the routes exist only with `builder.agent-api.trace-enabled=true` (option `traceEnabled`,
 *   `--trace-enabled`); otherwise 404, before anything else is looked at;
 * - the caller must own the session (404 otherwise) and hold ROLE_ADMIN or ROLE_SESSION_TRACE
 *   (403 "Session trace permission required");
 * - recovery is SessionProjection.read, reconcile SessionRecovery.reconcile (lib/native-journal.ts).
 * Untyped `http`: the bodies are upstream's native shapes (openapi-v1.json leaves them free-form).
 */
const PREFIX = '*/api/v1/agent-sessions/:session/trace'
const MAX_LIMIT = 500

export const TRACE_DISABLED_MESSAGE = 'Not Found'
export const TRACE_ROLE_MESSAGE = 'Session trace permission required'

export function createTraceHandlers(backend: MockBackend): HttpHandler[] {
  const open = (request: Request, sessionId: string): SessionAccess | Response => {
    if (!backend.options.traceEnabled)
      return sessionApiError(request, 404, 'not_found', TRACE_DISABLED_MESSAGE)
    const context = resolveContext(backend, request)
    if (isResponse(context)) return context
    const access = findSession(backend, request, sessionId)
    if (isResponse(access)) return access
    const roles = access.context.user.roles as readonly string[]
    if (!roles.includes('admin') && !roles.includes('session_trace'))
      return sessionApiError(request, 403, 'forbidden', TRACE_ROLE_MESSAGE)
    return access
  }

  return [
    http.get(`${PREFIX}/recovery`, ({ request, params }) => {
      const access = open(request, String(params.session))
      if (isResponse(access)) return access
      return json(readProjection(access.record))
    }),

    http.post(`${PREFIX}/reconcile`, async ({ request, params }) => {
      const access = open(request, String(params.session))
      if (isResponse(access)) return access
      const body = await readJsonBody(request)
      const checked = checkReconcile(access.record, body.ok && isRecord(body.value) ? body.value : {})
      if (!checked.ok) return sessionApiError(request, checked.status, 'invalid_request', checked.message)
      const projection = applyReconcile(
        access.record,
        checked.reason,
        checked.outcomes,
        backend.ids('run'),
        backend.clock.now(),
      )
      return json(projection)
    }),

    http.get(PREFIX, ({ request, params }) => {
      const access = open(request, String(params.session))
      if (isResponse(access)) return access
      const url = new URL(request.url)
      const after = Number(url.searchParams.get('after') ?? '0')
      const limit = Number(url.searchParams.get('limit') ?? '100')
      if (!Number.isInteger(after) || after < 0 || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
        return sessionApiError(request, 400, 'invalid_request', 'after must be ≥ 0 and limit 1..500')
      const head = journalHead(access.record)
      if (after > head) return sessionApiError(request, 409, 'conflict', 'Trace cursor exceeds durable head')
      const data = (access.record.journal ?? []).filter((fact) => fact.seq > after).slice(0, limit)
      return json({ data, as_of_seq: head, next_seq: data.at(-1)?.seq ?? after })
    }),
  ]
}
