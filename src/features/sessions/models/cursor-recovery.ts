import { isApiError } from '@/api/api-error'
import { t } from '@/i18n'

/** Snapshot reloads in a row before the console stops and says so (a cursor that works resets it). */
export const MAX_CURSOR_RECOVERIES = 3

/**
 * The server refused the console's position in the event log again after every reload of the
 * snapshot: retrying would only ask the same question. Carries the last refusal for its status
 * and request id.
 */
export class CursorRecoveryError extends Error {
  constructor(
    readonly refusal: unknown,
    readonly attempts: number,
  ) {
    super('event cursor refused after snapshot reloads')
    this.name = 'CursorRecoveryError'
  }
}

export function isCursorRecoveryError(error: unknown): error is CursorRecoveryError {
  return error instanceof CursorRecoveryError
}

/** What happened and what to do, in one message for the live status line. */
export function describeCursorRecovery(error: CursorRecoveryError): string {
  const cause = isApiError(error.refusal) ? error.refusal : null
  const status = cause?.status ?? 0
  const values = { status, attempts: error.attempts }
  return cause?.requestId
    ? t('sessions.live.cursorRefusedWithRequest', { ...values, request: cause.requestId })
    : t('sessions.live.cursorRefused', values)
}
