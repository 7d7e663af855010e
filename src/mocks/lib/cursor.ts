/**
 * Opaque, session-scoped event cursors. A cursor names one position in one session's log (the
 * sequence number of the event it was issued for; 0 = before the first event). Clients must treat
 * it as opaque, so the mock encodes it: a client that builds or compares cursors itself breaks
 * here the way it would break against the server.
 */
const PREFIX = 'c1_'

function toBase64Url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(part: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return null
  try {
    return atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    )
  } catch {
    return null
  }
}

export function encodeCursor(sessionId: string, seq: number): string {
  return `${PREFIX}${toBase64Url(`${sessionId}:${seq}`)}`
}

/** The session and sequence a cursor names, or null when it is not one of ours. */
export function decodeCursor(cursor: string): { sessionId: string; seq: number } | null {
  if (!cursor.startsWith(PREFIX)) return null
  const text = fromBase64Url(cursor.slice(PREFIX.length))
  const match = text ? /^(.+):(0|[1-9]\d{0,14})$/.exec(text) : null
  if (!match?.[1] || !match[2]) return null
  return { sessionId: match[1], seq: Number(match[2]) }
}

/** What a cursor is checked against: the session and the live window of its log. */
export type LogWindow = {
  sessionId: string
  /** Sequence of the newest event (0 when the log is empty). */
  headSeq: number
  /** Events before this sequence were compacted away (0 = nothing compacted). */
  retainedFromSeq: number
  /**
   * The newest docs' rule: a cursor into the compacted part answers 410 `cursor_expired`. The
   * server's code has no 410 on the event log and simply continues from the oldest retained event.
   */
  expireCompacted: boolean
}

export type CursorProblem = { status: 400 | 409 | 410; code: string; message: string }

export type CursorResult = { ok: true; afterSeq: number } | ({ ok: false } & CursorProblem)

/**
 * Resolves an `after` cursor (or Last-Event-ID) to the sequence to continue after, with the
 * server's error rules: malformed or another session's cursor → 400, ahead of the head → 409,
 * and (with `expireCompacted`) pointing into the compacted part of the log → 410
 * `cursor_expired` (reload the snapshot). No cursor means "from the oldest retained event".
 */
export function resolveCursor(cursor: string | null | undefined, log: LogWindow): CursorResult {
  const oldestAfter = Math.max(0, log.retainedFromSeq - 1)
  if (cursor === null || cursor === undefined || cursor === '') return { ok: true, afterSeq: oldestAfter }
  const decoded = decodeCursor(cursor)
  if (!decoded) return { ok: false, status: 400, code: 'invalid_cursor', message: 'The cursor is not valid.' }
  if (decoded.sessionId !== log.sessionId) {
    return {
      ok: false,
      status: 400,
      code: 'invalid_cursor',
      message: 'The cursor belongs to another session.',
    }
  }
  if (decoded.seq > log.headSeq) {
    return {
      ok: false,
      status: 409,
      code: 'cursor_ahead',
      message: 'The cursor is ahead of the event log head.',
    }
  }
  if (log.retainedFromSeq > 0 && decoded.seq < log.retainedFromSeq) {
    if (!log.expireCompacted) return { ok: true, afterSeq: oldestAfter }
    return {
      ok: false,
      status: 410,
      code: 'cursor_expired',
      message: 'The cursor points at compacted events; reload the snapshot and continue from its as_of.',
    }
  }
  return { ok: true, afterSeq: decoded.seq }
}
