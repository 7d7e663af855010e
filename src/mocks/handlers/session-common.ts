import type { MockBackend } from '../lib/backend'
import type { SessionRecord } from '../db/types'
import { canWrite } from '../lib/auth'
import { isResponse, resolveContext, type RequestContext } from '../lib/request-context'
import { json, sessionApiError } from '../lib/responses'
import { CLAIMED_STATUSES } from '../lib/work-queue'
import { isTurnOpen, type Turn } from '../lib/event-log'

/** Shared by the session, turn and view handlers: scope checks, idempotency, "is work still running". */

/** The session API's 400: a Spring-style body with code `invalid_request`. */
export function badRequest(request: Request, message: string): Response {
  return sessionApiError(request, 400, 'invalid_request', message)
}

/** The session API's 409 (archived, busy, idempotency clash, not in the right state). */
export function conflict(request: Request, code: string, message: string): Response {
  return sessionApiError(request, 409, code, message)
}

export type SessionAccess = { context: RequestContext; record: SessionRecord }

/**
 * Caller, then the session: every session query upstream filters on the caller's own user id,
 * whatever the namespace, so a colleague's session is as absent as one that never existed (404).
 */
export function findSession(
  backend: MockBackend,
  request: Request,
  sessionId: string,
): SessionAccess | Response {
  const context = resolveContext(backend, request)
  if (isResponse(context)) return context
  const record = backend.db.sessions.get(sessionId)
  if (!record || record.session.ownerId !== context.user.userId) {
    return sessionApiError(request, 404, 'session_not_found', `session ${sessionId} not found`)
  }
  return { context, record }
}

/** Viewers are read-only: every session mutation needs developer or admin. */
export function denyViewer(request: Request, context: RequestContext): Response | null {
  if (canWrite(context.user.roles)) return null
  return sessionApiError(request, 403, 'forbidden', 'namespace role does not allow changing sessions')
}

/** Like findSession, plus the write permission every mutation needs. */
export function findSessionForChange(
  backend: MockBackend,
  request: Request,
  sessionId: string,
): SessionAccess | Response {
  const access = findSession(backend, request, sessionId)
  if (isResponse(access)) return access
  return denyViewer(request, access.context) ?? access
}

export function openTurn(record: SessionRecord): Turn | undefined {
  return record.turns.find(isTurnOpen)
}

/**
 * 409 while the session still has work in flight: an open turn, and with `checkWork` also a work
 * item a worker has not finished (changing resources under a running worker would strand its files).
 */
export function busyConflict(
  backend: MockBackend,
  request: Request,
  record: SessionRecord,
  action: string,
  checkWork = false,
): Response | null {
  const turn = openTurn(record)
  if (turn) {
    return conflict(
      request,
      'session_busy',
      `cannot ${action} while turn ${turn.id} is ${turn.status}; let the current work finish (or cancel the turn) first`,
    )
  }
  if (!checkWork) return null
  for (const item of backend.db.workItems.values()) {
    if (
      item.sessionId === record.session.id &&
      (item.status === 'queued' || CLAIMED_STATUSES.has(item.status))
    ) {
      return conflict(
        request,
        'session_busy',
        `cannot ${action} while work item ${item.id} is ${item.status}; let the current work finish first`,
      )
    }
  }
  return null
}

export function archivedConflict(request: Request, record: SessionRecord): Response | null {
  if (record.session.archivedAt === null || record.session.archivedAt === undefined) return null
  return conflict(request, 'session_archived', `session ${record.session.id} is archived; restore it first`)
}

/** JSON with sorted keys, so `{a,b}` and `{b,a}` count as the same body for idempotency. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

export type Idempotency = {
  /** The stored first answer for a replay, a 409 for a different body, or null to go ahead. */
  replay: () => Response | null
  /** Remembers the answer so a retry with the same key gets it again. */
  remember: (status: number, body: unknown) => void
}

/**
 * Same key + same body → the original answer; same key + another body → 409. Keys are scoped to
 * the caller, the namespace and the route, so two users can never collide.
 */
export function idempotency(
  backend: MockBackend,
  request: Request,
  context: RequestContext,
  route: string,
  key: string | null,
  body: unknown,
): Idempotency {
  const storeKey = key ? `${context.user.userId}@${context.namespace}:${route}:${key}` : null
  const fingerprint = canonicalJson(body ?? null)
  return {
    replay: () => {
      const stored = storeKey ? backend.db.idempotency.get(storeKey) : undefined
      if (!stored) return null
      if (stored.fingerprint !== fingerprint) {
        return conflict(
          request,
          'idempotency_key_reused',
          'this Idempotency-Key was already used with a different request body',
        )
      }
      return json(stored.body, { status: stored.status })
    },
    remember: (status, stored) => {
      if (storeKey) backend.db.idempotency.set(storeKey, { fingerprint, status, body: stored })
    },
  }
}

/** `Idempotency-Key`: null when absent; a 400 when present but outside 1–256 characters. */
export function readIdempotencyKey(request: Request, isRequired: boolean): string | null | Response {
  const key = request.headers.get('Idempotency-Key')
  if (key === null) {
    return isRequired
      ? sessionApiError(request, 400, 'idempotency_key_required', 'Idempotency-Key header is required')
      : null
  }
  if (key.trim().length === 0 || key.length > 256) {
    return sessionApiError(
      request,
      400,
      'invalid_idempotency_key',
      'Idempotency-Key must be 1–256 characters',
    )
  }
  return key
}

/**
 * `limit`/`offset` for session and turn lists. Without either the answer is spec 1.0.0's bare
 * array; with either, a `{items, next_offset}` page.
 */
export function parseListPage(request: Request): { limit: number; offset: number } | null | Response {
  const params = new URL(request.url).searchParams
  const limitText = params.get('limit')
  const offsetText = params.get('offset')
  if (limitText === null && offsetText === null) return null
  const limit = limitText === null ? 50 : /^\d+$/.test(limitText) ? Number(limitText) : NaN
  const offset = offsetText === null ? 0 : /^\d+$/.test(offsetText) ? Number(offsetText) : NaN
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
    return sessionApiError(request, 400, 'invalid_limit', 'limit must be an integer between 1 and 500')
  }
  if (!Number.isInteger(offset)) {
    return sessionApiError(request, 400, 'invalid_offset', 'offset must be a non-negative integer')
  }
  return { limit, offset }
}

export function pageOf<T>(
  items: readonly T[],
  page: { limit: number; offset: number },
): { items: T[]; next_offset: number | null } {
  const end = page.offset + page.limit
  return { items: items.slice(page.offset, end), next_offset: end < items.length ? end : null }
}
