import type { EventData } from './event-log'

/**
 * `session.error` as upstream's turn runner writes it (agentscope-service
 * `service-dataplane/…/managed/SessionTurnRunner.java` failTurn @c2d43f8): the typed error detail of
 * `ApiErrorDetail.toMap()` nested under `error`, type `api_error`, the session's id and
 * `retry_status: "not_retrying"`. It names no turn or run: the runner logs it per session.
 */

/**
 * The only codes the runner fails a turn with: `model_call_failed` when the agent's event stream
 * errors (the model call, or a tool inside it), `turn_failed` when running the turn throws (the
 * agent or its environment cannot be built, and again after a failed model call, which the
 * runner rethrows), `interrupted` when the run is cut off while it waits.
 */
export type TurnFailureCode = 'model_call_failed' | 'turn_failed' | 'interrupted'

export function sessionErrorData(sessionId: string, code: TurnFailureCode, message: string): EventData {
  return {
    error: {
      type: 'api_error',
      code,
      message,
      session_id: sessionId,
      retry_status: 'not_retrying',
    },
  }
}

/**
 * How a Spring `ResponseStatusException` prints (`getMessage()`), which is the text upstream's
 * `session.error` carries when building the turn threw one: `400 BAD_REQUEST "reason"`.
 */
export function responseStatusMessage(status: 400 | 404, reason: string): string {
  const name = status === 400 ? 'BAD_REQUEST' : 'NOT_FOUND'
  return `${status} ${name} "${reason}"`
}
