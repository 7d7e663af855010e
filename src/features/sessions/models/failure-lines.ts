import { joinList } from './join-list'
import { t } from '@/i18n'

/** One thing the server said about a failed turn, however many events repeated it. */
export type FailureLine = {
  message: string | null
  /** The error codes it came with, in words, first seen first. */
  codes: string[]
  /** How many events logged it (upstream logs one failure as several: run, session error, status, turn). */
  count: number
  eventId: string
}

/** An error code of the server's in words; one this console does not know stays as sent. */
export function errorCodeLabel(code: string): string {
  switch (code) {
    case 'model_call_failed':
      return t('sessions.failure.codes.modelCallFailed')
    case 'turn_failed':
      return t('sessions.failure.codes.turnFailed')
    case 'interrupted':
      return t('sessions.failure.codes.interrupted')
    default:
      return code
  }
}

/**
 * The failed turn's error events as what they say: each message once, with the codes it came
 * with and how many events logged it, instead of one line per event with its raw type.
 */
export function failureLines(
  problems: readonly { code: string | null; message: string | null; eventId: string }[],
): FailureLine[] {
  const lines = new Map<string | null, FailureLine>()
  for (const problem of problems) {
    const line = lines.get(problem.message) ?? {
      message: problem.message,
      codes: [],
      count: 0,
      eventId: problem.eventId,
    }
    line.count += 1
    const code = problem.code === null ? null : errorCodeLabel(problem.code)
    if (code !== null && !line.codes.includes(code)) line.codes.push(code)
    lines.set(problem.message, line)
  }
  return [...lines.values()]
}

/** "Codes: model call failed, turn failed · logged by 6 events" */
export function failureLineNote(line: FailureLine): string {
  return line.codes.length > 0
    ? t('sessions.failure.loggedWithCodes', { codes: joinList(line.codes), count: line.count })
    : t('sessions.failure.logged', { count: line.count })
}

/** A message set into a sentence that ends with its own full stop: "… in a row: Check …", never "in a row..". */
export function asClause(message: string): string {
  return message.replace(/[\s.。]+$/u, '')
}
