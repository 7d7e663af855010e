import { ApiError, apiErrorKind, nonEmpty, parseRetryAfter, stringField } from './api-error'
import { isRecord } from '@/lib/read-fields'
import { loadNamespace, t } from '@/i18n'

/*
 * Reading a refused call's body into an ApiError: the shapes different servers and proxies send,
 * and the status's own message when none of them fits. Only a failed call needs it, so the client
 * loads it with the first one instead of with the first screen; the status messages
 * (locales/errors.<locale>.json, namespace ui:errors) come with it.
 */

// Above this a plain-text body is more likely a dump than a sentence meant for a person.
const PLAIN_TEXT_MESSAGE_LIMIT = 400

export async function apiErrorFromResponse(response: Response, requestId?: string): Promise<ApiError> {
  let raw = ''
  try {
    raw = await response.text()
  } catch {
    // An already-consumed or broken body must not hide the status, which is still useful.
  }
  const parsed = parseErrorBody(raw, response)
  // Should the strings not load, t() still gives the message's id, which names the status.
  if (parsed.message === undefined) await loadNamespace('ui:errors').catch(() => undefined)
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

// Some servers send numeric codes (`"code": 40901`); they are still worth keeping as text.
function codeField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key]
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return stringField(record, key)
}
