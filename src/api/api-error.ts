import { t } from '@/i18n'
import { isRecord } from '@/lib/read-fields'

export type ApiErrorKind =
  | 'network'
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'rate_limited'
  | 'server'
  // A 2xx whose body is not what the contract promises (a proxy page, a wrong Gateway URL).
  | 'malformed'
  | 'unknown'

export type ApiErrorInit = {
  status: number
  /** Only for kinds the status cannot express, such as 'malformed'; otherwise derived. */
  kind?: ApiErrorKind | undefined
  message: string
  code?: string | undefined
  hint?: string | undefined
  requestId?: string | undefined
  raw?: string | undefined
  retryAfterMs?: number | undefined
  cause?: unknown
}

// Bodies can be whole HTML error pages or stack traces; keeping all of it in memory (and in
// error reports) buys nothing once the message has been extracted.
export const RAW_BODY_LIMIT = 4096

export function apiErrorKind(status: number): ApiErrorKind {
  if (status === 0) return 'network'
  if (status >= 500 && status <= 599) return 'server'
  switch (status) {
    case 400:
      return 'validation'
    case 401:
      return 'unauthorized'
    case 403:
      return 'forbidden'
    case 404:
      return 'not_found'
    case 409:
      return 'conflict'
    case 410:
      return 'gone'
    case 413:
      return 'too_large'
    case 429:
      return 'rate_limited'
    default:
      return 'unknown'
  }
}

export class ApiError extends Error {
  override readonly name = 'ApiError'
  override readonly message: string
  readonly status: number
  readonly kind: ApiErrorKind
  readonly code: string | undefined
  readonly hint: string | undefined
  readonly requestId: string | undefined
  readonly raw: string
  readonly retryAfterMs: number | undefined

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause })
    this.message = init.message
    this.status = init.status
    this.kind = init.kind ?? apiErrorKind(init.status)
    this.code = init.code
    this.hint = init.hint
    this.requestId = init.requestId
    this.raw = truncate(init.raw ?? '', RAW_BODY_LIMIT)
    this.retryAfterMs = init.retryAfterMs
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError
}

export function networkError(cause: unknown, requestId?: string): ApiError {
  // The fetch wrapper may catch an ApiError thrown further down; wrapping it again would
  // replace a precise server message with a vague connectivity one.
  if (isApiError(cause)) return cause
  return new ApiError({ status: 0, message: t('ui.apiError.network'), requestId, cause })
}

export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message.trim() || e.name
  if (typeof e === 'string' && e.trim()) return e.trim()
  if (isRecord(e)) {
    const message = stringField(e, 'message')
    if (message) return message
  }
  return t('ui.apiError.fallback')
}

export function isRetryableError(e: unknown): boolean {
  // Only our own normalised errors are judged: a bare exception here is a programming error
  // or an abort, and retrying either would loop on the same failure or undo the cancel.
  if (!isApiError(e)) return false
  if (e.kind === 'network' || e.kind === 'rate_limited') return true
  // 501 means the server will never support the call, so retrying cannot help.
  return e.kind === 'server' && e.status !== 501
}

/** Seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  const text = value?.trim()
  if (!text) return undefined
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // Date.parse accepts bare numbers such as "-5" as years; an HTTP date always names a month.
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN
  if (Number.isNaN(at)) return undefined
  return Math.max(0, at - now)
}

// Only strings count: anything else would surface as "[object Object]" or a bare number.
export function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key]
  return typeof value === 'string' ? nonEmpty(value) : undefined
}

export function nonEmpty(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

function truncate(text: string, limit: number): string {
  return text.length > limit ? text.slice(0, limit) : text
}
