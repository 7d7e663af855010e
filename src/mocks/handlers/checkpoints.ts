import { http, type HttpHandler } from 'msw'
import type { MockBackend } from '../lib/backend'
import { listCheckpoints, restoreCheckpoint, CHECKPOINT_MESSAGES, type Refusal } from '../lib/checkpoints'
import { isResponse } from '../lib/request-context'
import { isRecord, json, readJsonBody, sessionApiError } from '../lib/responses'
import { findSession, findSessionForChange, readIdempotencyKey } from './session-common'

/**
 * Checkpoints, restore and fork, as AgentSessionCheckpointsController answers them
 * (service-dataplane/…/web/api/AgentSessionCheckpointsController.java @b589d28e) over
 * SessionCheckpointService (lib/checkpoints.ts). Its refusals are ResponseStatusExceptions: the
 * status and the reason as the message. Untyped `http`: the list's `after` is a checkpoint id.
 */
const PREFIX = '*/api/v1/agent-sessions/:session'

const CODES: Record<number, string> = { 400: 'invalid_request', 404: 'not_found', 409: 'conflict' }

const refused = (request: Request, refusal: Refusal) =>
  sessionApiError(request, refusal.status, CODES[refusal.status] ?? 'error', refusal.message)

type Body = { checkpoint_id?: unknown; reason?: unknown; target_session_id?: unknown }

const text = (value: unknown) => (typeof value === 'string' ? value : '')

export function createCheckpointHandlers(backend: MockBackend): HttpHandler[] {
  /** The shared path of restore and fork: the source, the target, then the service's rules. */
  const operate = async (request: Request, sourceId: string, body: Body, targetId: string) => {
    const key = readIdempotencyKey(request, true)
    if (isResponse(key)) return key
    const source = findSessionForChange(backend, request, sourceId)
    if (isResponse(source)) return source
    const target = targetId === sourceId ? source : findSessionForChange(backend, request, targetId)
    if (isResponse(target)) return target
    const answer = await restoreCheckpoint({
      userId: source.context.user.userId,
      source: source.record,
      target: target.record,
      checkpointId: text(body.checkpoint_id),
      key: key ?? '',
      reason: text(body.reason),
      at: backend.clock.now(),
    })
    return 'status' in answer && typeof answer.status === 'number' ? refused(request, answer) : answer
  }

  const readBody = async (request: Request): Promise<Body> => {
    const body = await readJsonBody(request)
    return body.ok && isRecord(body.value) ? body.value : {}
  }

  return [
    http.get(`${PREFIX}/checkpoints`, ({ request, params }) => {
      const access = findSession(backend, request, String(params.session))
      if (isResponse(access)) return access
      const url = new URL(request.url)
      const limit = Number(url.searchParams.get('limit') ?? '100')
      const page = listCheckpoints(access.record, url.searchParams.get('after'), limit)
      return 'status' in page ? refused(request, page) : json(page)
    }),

    http.post(`${PREFIX}/checkpoints/restore`, async ({ request, params }) => {
      const sessionId = String(params.session)
      const answer = await operate(request, sessionId, await readBody(request), sessionId)
      return answer instanceof Response ? answer : json(answer)
    }),

    http.post(`${PREFIX}/fork`, async ({ request, params }) => {
      const sessionId = String(params.session)
      const body = await readBody(request)
      const targetId = text(body.target_session_id)
      // The controller's own check, before the service looks at either session.
      if (targetId === '' || targetId === sessionId)
        return refused(request, { status: 400, message: CHECKPOINT_MESSAGES.createTarget })
      const answer = await operate(request, sessionId, body, targetId)
      return answer instanceof Response ? answer : json(answer, { status: 201 })
    }),
  ]
}
