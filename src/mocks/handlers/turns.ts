import type { HttpHandler } from 'msw'
import type { components } from '@/api/schema.gen'
import type { MockBackend, TurnQueued } from '../lib/backend'
import type { SessionRecord } from '../db/types'
import { http } from '../lib/openapi-http'
import { isResponse } from '../lib/request-context'
import { isRecord, json, readJsonBody, sessionApiError } from '../lib/responses'
import { cancelPending } from '../lib/checkpoints'
import { openRunId, unansweredRequests } from '../lib/session-views'
import { rejectSteering } from '../lib/session-inputs'
import {
  acceptTurn,
  appendEvent,
  isTurnOpen,
  sessionStatus,
  transitionTurn,
  type InputBlock,
  type Turn,
} from '../lib/event-log'
import {
  archivedConflict,
  badRequest,
  conflict,
  findSession,
  findSessionForChange,
  idempotency,
  type Idempotency,
  pageOf,
  parseListPage,
  readIdempotencyKey,
} from './session-common'

type ActionAnswer = components['schemas']['ActionAnswer']
type ActionCommand = components['schemas']['ActionCommand']

/** Turn input above this size is refused with 413, like the server's request limit. */
const MAX_INPUT_BYTES = 256 * 1024

/** `{message}` or `{input:[{role:'user', content:[…]}]}` → the user's content blocks, or a reason. */
export function parseTurnInput(body: unknown): InputBlock[] | string {
  if (!isRecord(body)) return 'body must be {message} or {input}'
  const keys = Object.keys(body)
  if (keys.length === 1 && typeof body.message === 'string') {
    return body.message.length > 0 ? [{ type: 'text', text: body.message }] : 'message must not be empty'
  }
  if (keys.length !== 1 || !Array.isArray(body.input)) {
    return 'body must be exactly one of {message} or {input}'
  }
  if (body.input.length < 1 || body.input.length > 100) return 'input must hold 1–100 messages'
  const blocks: InputBlock[] = []
  for (const message of body.input) {
    if (
      !isRecord(message) ||
      message.role !== 'user' ||
      !Array.isArray(message.content) ||
      message.content.length === 0
    ) {
      return 'each input message needs role "user" and a non-empty content array'
    }
    for (const block of message.content) {
      if (!isRecord(block) || typeof block.type !== 'string') return 'each content block needs a type'
      if (block.type === 'text' && typeof block.text !== 'string') return 'text blocks need text'
      blocks.push({ ...block, type: block.type })
    }
  }
  return blocks
}

function parseAnswers(body: unknown): ActionAnswer[] | string {
  if (!isRecord(body) || !Array.isArray(body.answers)) return 'body must be {answers:[…]}'
  if (body.answers.length < 1 || body.answers.length > 100) return 'answers must hold 1–100 entries'
  const answers: ActionAnswer[] = []
  for (const answer of body.answers) {
    if (!isRecord(answer) || typeof answer.request_id !== 'string' || answer.request_id === '') {
      return 'each answer needs a request_id'
    }
    if (answer.allow !== undefined && typeof answer.allow !== 'boolean') return 'allow must be a boolean'
    if (answer.output !== undefined && typeof answer.output !== 'string') return 'output must be a string'
    answers.push({ ...answer, request_id: answer.request_id })
  }
  return new Set(answers.map((answer) => answer.request_id)).size === answers.length
    ? answers
    : 'each request_id may be answered once per request'
}

export function createTurnHandlers(backend: MockBackend): HttpHandler[] {
  const queued = (session: SessionRecord, turn: Turn, reason: TurnQueued['reason']) => {
    // The execution engine takes it from here (run.started …); without one the turn stays queued.
    backend.onTurnQueued?.({ session, turn, reason })
  }

  const findTurn = (request: Request, record: SessionRecord, turnId: string): Turn | Response =>
    record.turns.find((turn) => turn.id === turnId) ??
    sessionApiError(
      request,
      404,
      'turn_not_found',
      `turn ${turnId} not found in session ${record.session.id}`,
    )

  /**
   * What cancel and resume both do first: the session (writable by the caller), the turn, and the
   * optional Idempotency-Key (Gen-B) — a retry with the same key and body gets the first answer
   * again, another body with the same key a 409. Returns that answer to send, or what the command
   * works on plus the store to remember its answer in.
   */
  const openTurnCommand = async (
    request: Request,
    sessionId: string,
    turnId: string,
    command: 'cancel' | 'resume',
  ): Promise<{ record: SessionRecord; turn: Turn; once: Idempotency } | Response> => {
    const access = findSessionForChange(backend, request, sessionId)
    if (isResponse(access)) return access
    const key = readIdempotencyKey(request, false)
    if (isResponse(key)) return key
    const turn = findTurn(request, access.record, turnId)
    if (isResponse(turn)) return turn
    const body = await readJsonBody(request)
    const route = `POST ${command} ${access.record.session.id}/${turn.id}`
    const once = idempotency(backend, request, access.context, route, key, body.ok ? body.value : null)
    return once.replay() ?? { record: access.record, turn, once }
  }

  /** A tool the answer settles without running it: a denied confirmation, or an external result. */
  const settleTool = (
    record: SessionRecord,
    request: Record<string, unknown>,
    answer: ActionAnswer,
    at: number,
  ) => {
    const toolCall = isRecord(request.tool_call) ? request.tool_call : {}
    const callId = typeof toolCall.id === 'string' ? toolCall.id : null
    const isDenied = answer.allow === false
    if (!callId || (!isDenied && answer.output === undefined)) return
    const text = isDenied
      ? `Denied by the user${answer.reason ? `: ${answer.reason}` : ''}`
      : (answer.output ?? '')
    const isError = isDenied || answer.is_error === true
    appendEvent(
      record,
      'tool.completed',
      {
        turn_id: request.turn_id,
        tool_call_id: callId,
        name: toolCall.name,
        status: isDenied ? 'denied' : isError ? 'failed' : 'completed',
        output: [{ type: 'text', text }],
        result: { content: text, is_error: isError },
      },
      at,
    )
  }

  /**
   * One answer command for the turn: required_action.accepted per answer, turn.queued once nothing
   * is left to answer, then required_action.resolved (and the tool's outcome when the answer settles
   * it). Returns whether the turn is queued again.
   */
  const recordAnswers = (
    record: SessionRecord,
    turn: Turn,
    answers: ActionAnswer[],
    open: Map<string, Record<string, unknown>>,
  ): boolean => {
    const now = backend.clock.now()
    const command: ActionCommand = {
      command_id: backend.ids('cmd'),
      turn_id: turn.id,
      request_ids: answers.map((answer) => answer.request_id),
      status: 'accepted',
      created_at: now,
    }
    record.actionCommands.push(command)
    const actionData = (answer: ActionAnswer) => {
      const kind = open.get(answer.request_id)?.kind
      return {
        turn_id: turn.id,
        request_id: answer.request_id,
        ...(typeof kind === 'string' ? { kind } : {}),
        command_id: command.command_id,
      }
    }
    for (const answer of answers) {
      appendEvent(record, 'required_action.accepted', { ...actionData(answer), status: 'accepted' }, now)
    }
    const isReady = answers.length === open.size && record.pendingTools.length === 0
    if (isReady) transitionTurn(record, turn, 'queued', now, { reason: 'action_answered' })
    for (const answer of answers) {
      const result =
        answer.output !== undefined
          ? { output: answer.output, is_error: answer.is_error ?? false }
          : { allow: answer.allow ?? true, ...(answer.reason === undefined ? {} : { reason: answer.reason }) }
      const data = { ...actionData(answer), status: 'resolved', pending: false, result }
      appendEvent(record, 'required_action.resolved', data, now)
      settleTool(record, open.get(answer.request_id) ?? {}, answer, now)
    }
    // The mock delivers answers at once, so the command is resolved by the time the client reads it.
    command.status = 'resolved'
    return isReady
  }

  return [
    http.get('/api/v1/agent-sessions/{session}/turns', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      const page = parseListPage(request)
      if (isResponse(page)) return response.untyped(page)
      const turns = access.record.turns
      return response(200).json(page ? pageOf(turns, page) : turns)
    }),

    http.post('/api/v1/agent-sessions/{session}/turns', async ({ request, params, response }) => {
      const access = findSessionForChange(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      const { context, record } = access
      const key = readIdempotencyKey(request, true)
      if (isResponse(key)) return response.untyped(key)
      // openapi-msw types text() as unusable for JSON bodies; the size check needs the raw text.
      const plain: Request = request
      const raw = await plain.text()
      if (new TextEncoder().encode(raw).length > MAX_INPUT_BYTES) {
        return response.untyped(
          sessionApiError(request, 413, 'input_too_large', `turn input exceeds ${MAX_INPUT_BYTES} bytes`),
        )
      }
      let body: unknown
      try {
        body = JSON.parse(raw)
      } catch {
        return response.untyped(badRequest(request, 'body must be JSON'))
      }
      const once = idempotency(backend, request, context, `POST turns ${record.session.id}`, key, body)
      const replayed = once.replay()
      if (replayed) return response.untyped(replayed)
      const archived = archivedConflict(request, record)
      if (archived) return response.untyped(archived)
      const content = parseTurnInput(body)
      if (typeof content === 'string') return response.untyped(badRequest(request, content))
      const turn = acceptTurn(record, backend.ids, content, backend.clock.now())
      once.remember(202, turn)
      queued(record, turn, 'created')
      return response(202).json(turn)
    }),

    http.get('/api/v1/agent-sessions/{session}/turns/{turn}', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      const turn = findTurn(request, access.record, params.turn)
      return isResponse(turn) ? response.untyped(turn) : response(200).json(turn)
    }),

    http.post(
      '/api/v1/agent-sessions/{session}/turns/{turn}/cancel',
      async ({ request, params, response }) => {
        const opened = await openTurnCommand(request, params.session, params.turn, 'cancel')
        if (isResponse(opened)) return response.untyped(opened)
        const { record, turn, once } = opened
        if (turn.status === 'cancel_requested') return response(202).json(turn)
        // SessionTurnInbox.cancel (@b589d28e): a failed or interrupted turn is cancelled too, through
        // SessionRecovery.cancelPending, which refuses while a tool outcome is unknown (409).
        if (turn.status === 'failed' || turn.status === 'interrupted') {
          const now = backend.clock.now()
          const refusal = cancelPending(record, turn.id, backend.ids('run'), now)
          if (refusal) {
            return response.untyped(
              json({ error: 'session_history_conflict', message: refusal.message }, { status: 409 }),
            )
          }
          rejectSteering(record, turn.id, 'turn_cancelled', now)
          transitionTurn(record, turn, 'cancelled', now, { reason: 'user_request' })
          once.remember(202, { ...turn })
          return response(202).json(turn)
        }
        if (!isTurnOpen(turn)) {
          return response.untyped(
            conflict(request, 'turn_terminal', `turn ${turn.id} is already ${turn.status}`),
          )
        }
        const now = backend.clock.now()
        const runId = openRunId(record, turn.id)
        transitionTurn(record, turn, 'cancel_requested', now, { reason: 'user_request' })
        if (runId) {
          appendEvent(
            record,
            'run.ended',
            { turn_id: turn.id, run_id: runId, status: 'cancelled', reason: 'user_request' },
            now,
          )
        }
        // Tools a worker has not picked up yet are withdrawn with the turn.
        record.pendingTools = []
        rejectSteering(record, turn.id, 'turn_cancelled', now)
        transitionTurn(record, turn, 'cancelled', now, { reason: 'user_request' })
        if (!record.turns.some(isTurnOpen)) sessionStatus(record, 'idle', now, { turn_id: turn.id })
        backend.onTurnCancelled?.({ session: record, turn })
        // A copy: a retry answers the turn as this call left it, not as it is later.
        once.remember(202, { ...turn })
        return response(202).json(turn)
      },
    ),

    http.post(
      '/api/v1/agent-sessions/{session}/turns/{turn}/resume',
      async ({ request, params, response }) => {
        const opened = await openTurnCommand(request, params.session, params.turn, 'resume')
        if (isResponse(opened)) return response.untyped(opened)
        const { record, turn, once } = opened
        const archived = archivedConflict(request, record)
        if (archived) return response.untyped(archived)
        const isWaiting =
          turn.status === 'requires_action' &&
          (unansweredRequests(record, turn.id).size > 0 || record.pendingTools.length > 0)
        const isResumable =
          turn.status === 'failed' || turn.status === 'interrupted' || turn.status === 'requires_action'
        if (!isResumable || isWaiting) {
          const why = isWaiting ? 'it still waits for an answer or a worker result' : `it is ${turn.status}`
          return response.untyped(
            conflict(request, 'turn_not_resumable', `turn ${turn.id} cannot be resumed: ${why}`),
          )
        }
        turn.errorCode = null
        transitionTurn(record, turn, 'queued', backend.clock.now(), { reason: 'resumed' })
        once.remember(202, { ...turn })
        queued(record, turn, 'resumed')
        return response(202).json(turn)
      },
    ),

    http.get('/api/v1/agent-sessions/{session}/turns/{turn}/actions', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      const turn = findTurn(request, access.record, params.turn)
      if (isResponse(turn)) return response.untyped(turn)
      return response(200).json(access.record.actionCommands.filter((command) => command.turn_id === turn.id))
    }),

    http.post(
      '/api/v1/agent-sessions/{session}/turns/{turn}/actions',
      async ({ request, params, response }) => {
        const access = findSessionForChange(backend, request, params.session)
        if (isResponse(access)) return response.untyped(access)
        const { context, record } = access
        const key = readIdempotencyKey(request, true)
        if (isResponse(key)) return response.untyped(key)
        const turn = findTurn(request, record, params.turn)
        if (isResponse(turn)) return response.untyped(turn)
        const body: unknown = await request.json().catch(() => undefined)
        const once = idempotency(
          backend,
          request,
          context,
          `POST actions ${record.session.id}/${turn.id}`,
          key,
          body,
        )
        const replayed = once.replay()
        if (replayed) return response.untyped(replayed)
        const answers = parseAnswers(body)
        if (typeof answers === 'string') return response.untyped(badRequest(request, answers))
        if (turn.status !== 'requires_action') {
          return response.untyped(
            conflict(request, 'turn_not_waiting', `turn ${turn.id} is ${turn.status}, not requires_action`),
          )
        }
        const open = unansweredRequests(record, turn.id)
        const unknown = answers.find((answer) => !open.has(answer.request_id))
        if (unknown) {
          return response.untyped(
            conflict(
              request,
              'action_not_pending',
              `required action ${unknown.request_id} is not pending on turn ${turn.id}`,
            ),
          )
        }

        const isReady = recordAnswers(record, turn, answers, open)
        once.remember(202, turn)
        if (isReady) queued(record, turn, 'actions_answered')
        return response(202).json(turn)
      },
    ),
  ]
}
