import { t } from '@/i18n'

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

// Above this a plain-text body is more likely a dump than a sentence meant for a person.
const PLAIN_TEXT_MESSAGE_LIMIT = 400

function apiErrorKind(status: number): ApiErrorKind {
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

export async function apiErrorFromResponse(response: Response, requestId?: string): Promise<ApiError> {
  let raw = ''
  try {
    raw = await response.text()
  } catch {
    // An already-consumed or broken body must not hide the status, which is still useful.
  }
  const parsed = parseErrorBody(raw, response)
  return new ApiError({
    status: response.status,
    message: parsed.message ?? defaultMessage(response.status, response.statusText),
    code: parsed.code,
    hint: parsed.hint,
    requestId: requestId ?? nonEmpty(response.headers.get('X-Request-Id')),
    raw,
    retryAfterMs: parseRetryAfter(response.headers.get('Retry-After')),
  })
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

type ParsedBody = { message?: string | undefined; code?: string | undefined; hint?: string | undefined }

function parseErrorBody(raw: string, response: Response): ParsedBody {
  const text = raw.trim()
  if (!text || looksLikeHtml(text, response.headers.get('Content-Type'))) return {}
  if (text.startsWith('{') || text.startsWith('[')) {
    const json = tryParseJson(text)
    // A JSON body with no recognisable message is still not prose: show the default.
    if (isRecord(json)) return fromJsonBody(json, response)
    if (json !== undefined) return {}
  }
  return text.length < PLAIN_TEXT_MESSAGE_LIMIT ? { message: text } : {}
}

function fromJsonBody(body: Record<string, unknown>, response: Response): ParsedBody {
  const nested = body.error
  // {"type":"error","error":{type,code,message}}; also tolerates a nested object without `type`.
  if (isRecord(nested)) {
    return {
      message: stringField(nested, 'message') ?? stringField(body, 'message'),
      code: codeField(nested, 'code') ?? codeField(nested, 'type') ?? codeField(body, 'code'),
      hint: stringField(nested, 'hint') ?? stringField(body, 'hint'),
    }
  }

  const error = stringField(body, 'error')
  const message = stringField(body, 'message') ?? stringField(body, 'detail')
  let code = codeField(body, 'code')
  // Spring puts the reason phrase in `error` and the real text in `message`; a Go handler may
  // put a machine token there instead, which is worth keeping as the code. Neither is a
  // sentence for a person, so without a `message` the status default reads better.
  const isErrorALabel = error !== undefined && isLabel(error, response)
  if (error && isErrorALabel && !code && isMachineToken(error) && !isReasonPhrase(error)) {
    code = error
  }
  const title = stringField(body, 'title')
  return {
    message:
      (isErrorALabel ? undefined : error) ??
      message ??
      (title && !isLabel(title, response) ? title : undefined),
    code,
    hint: stringField(body, 'hint'),
  }
}

const REASON_PHRASES = new Set(
  [
    'bad request',
    'unauthorized',
    'payment required',
    'forbidden',
    'not found',
    'method not allowed',
    'not acceptable',
    'request timeout',
    'conflict',
    'gone',
    'length required',
    'precondition failed',
    'payload too large',
    'content too large',
    'request entity too large',
    'unsupported media type',
    'unprocessable entity',
    'unprocessable content',
    'too many requests',
    'internal server error',
    'not implemented',
    'bad gateway',
    'service unavailable',
    'gateway timeout',
  ].map(normalisePhrase),
)

function isReasonPhrase(value: string, response?: Response): boolean {
  const phrase = normalisePhrase(value)
  return (
    REASON_PHRASES.has(phrase) || (!!response?.statusText && phrase === normalisePhrase(response.statusText))
  )
}

function isLabel(value: string, response: Response): boolean {
  // A single word ("invalid", "CONFLICT") is a label, never the sentence worth showing.
  return isReasonPhrase(value, response) || /^\S+$/.test(value)
}

function isMachineToken(value: string): boolean {
  return /^[a-z][a-z0-9]*(?:[_.-][a-z0-9]+)+$/i.test(value) || /^[A-Z][A-Z0-9_]*$/.test(value)
}

function normalisePhrase(value: string): string {
  return value.toLowerCase().replace(/[_-]+/g, ' ').trim()
}

function looksLikeHtml(text: string, contentType: string | null): boolean {
  if (contentType?.toLowerCase().includes('text/html')) return true
  return /^<(?:!doctype|html|head|body|\?xml)/i.test(text)
}

function defaultMessage(status: number, statusText: string): string {
  switch (apiErrorKind(status)) {
    case 'validation':
      return t('ui.apiError.validation')
    case 'unauthorized':
      return t('ui.apiError.unauthorized')
    case 'forbidden':
      return t('ui.apiError.forbidden')
    case 'not_found':
      return t('ui.apiError.notFound')
    case 'conflict':
      return t('ui.apiError.conflict')
    case 'gone':
      return t('ui.apiError.gone')
    case 'too_large':
      return t('ui.apiError.tooLarge')
    case 'rate_limited':
      return t('ui.apiError.rateLimited')
    case 'server':
      return t('ui.apiError.server')
    case 'network':
      return t('ui.apiError.network')
    case 'malformed':
      return t('ui.apiError.malformed')
    case 'unknown':
      return statusText
        ? t('ui.apiError.unknownWithText', { status, statusText })
        : t('ui.apiError.unknown', { status })
  }
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// Only strings count: anything else would surface as "[object Object]" or a bare number.
function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key]
  return typeof value === 'string' ? nonEmpty(value) : undefined
}

// Some servers send numeric codes (`"code": 40901`); they are still worth keeping as text.
function codeField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key]
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return stringField(record, key)
}

function nonEmpty(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

function truncate(text: string, limit: number): string {
  return text.length > limit ? text.slice(0, limit) : text
}
