import type { HttpHandler } from 'msw'
import type { MockBackend } from '../lib/backend'
import type { components } from '@/api/schema.gen'
import type { InputRecord, SessionRecord } from '../db/types'
import { http } from '../lib/openapi-http'
import { isResponse } from '../lib/request-context'
import { readJsonBody } from '../lib/responses'
import { openRunId } from '../lib/session-views'
import { headCursor, type InputBlock } from '../lib/event-log'
import {
  acceptInput,
  findInput,
  inputEnvelopes,
  inputIdFor,
  INPUT_KEY_REUSED,
  STEER_REFUSED,
} from '../lib/session-inputs'
import {
  badRequest,
  canonicalJson,
  conflict,
  findSession,
  findSessionForChange,
  openTurn,
  readIdempotencyKey,
} from './session-common'
import { parseTurnInput } from './turns'

/**
 * Steer, inject and the inputs ledger, as upstream's AgentSessionTurnsController.steer,
 * AgentSessionInputsController and AgentSessionEventsController.inputs answer them (b589d28e),
 * through SessionInputService.accept.
 */

type Receipt = components['schemas']['InputReceipt']
type Status = InputRecord['status']

/** The inbox's current turn with a live run: the only turn steering is admitted to. */
function acceptsSteering(record: SessionRecord, turnId: string): boolean {
  const current = openTurn(record)
  return current?.id === turnId && current.status === 'running' && openRunId(record, turnId) !== null
}

export function createInputHandlers(backend: MockBackend): HttpHandler[] {
  const accept = async (
    request: Request,
    sessionId: string,
    kind: 'steer' | 'inject',
    turnId: string | null,
  ): Promise<Response | Receipt> => {
    const key = readIdempotencyKey(request, true)
    if (isResponse(key)) return key
    if (key === null) return badRequest(request, 'Idempotency-Key must contain 1..256 characters')
    const access = findSessionForChange(backend, request, sessionId)
    if (isResponse(access)) return access
    const { context, record } = access
    const body = await readJsonBody(request)
    if (!body.ok) return badRequest(request, 'body must be JSON')
    const content: InputBlock[] | string = parseTurnInput(body.value)
    if (typeof content === 'string') return badRequest(request, content)
    const id = inputIdFor(context.user.userId, record.session.id, key)
    const fingerprint = canonicalJson({ kind, turnId, content })
    const existing = findInput(record, id)
    const receipt = (status: Status): Receipt => ({ input_id: id, turn_id: turnId, kind, status })
    if (existing) {
      // SessionInbox.accept: a known id answers its receipt, whatever the turn is doing now.
      if (existing.fingerprint !== fingerprint) return conflict(request, 'conflict', INPUT_KEY_REUSED)
      return receipt(existing.status)
    }
    if (kind === 'steer' && (turnId === null || !acceptsSteering(record, turnId))) {
      return conflict(request, 'conflict', STEER_REFUSED)
    }
    const stored = acceptInput(record, { id, kind, turnId, content, fingerprint }, backend.clock.now())
    return receipt(stored.status)
  }

  return [
    http.post(
      '/api/v1/agent-sessions/{session}/turns/{turn}/steer',
      async ({ request, params, response }) => {
        const answer = await accept(request, params.session, 'steer', params.turn)
        return isResponse(answer) ? response.untyped(answer) : response(202).json(answer)
      },
    ),
    http.post('/api/v1/agent-sessions/{session}/inputs/inject', async ({ request, params, response }) => {
      const answer = await accept(request, params.session, 'inject', null)
      return isResponse(answer) ? response.untyped(answer) : response(202).json(answer)
    }),
    http.get('/api/v1/agent-sessions/{session}/inputs', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      return response(200).json({ data: inputEnvelopes(access.record), as_of: headCursor(access.record) })
    }),
  ]
}
