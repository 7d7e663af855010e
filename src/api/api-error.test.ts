import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ApiError,
  errorMessage,
  isApiError,
  isRetryableError,
  networkError,
  parseRetryAfter,
  RAW_BODY_LIMIT,
} from '@/api/api-error'
import { apiErrorFromResponse } from '@/api/error-body'

function respond(
  body: string | null,
  status: number,
  headers: Record<string, string> = {},
  statusText?: string,
): Response {
  return new Response(body, { status, headers, ...(statusText ? { statusText } : {}) })
}

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return respond(JSON.stringify(body), status, { 'Content-Type': 'application/json', ...headers })
}

describe('apiErrorFromResponse: body shapes', () => {
  it('reads the Go control plane shape {"error": "..."}', async () => {
    const error = await apiErrorFromResponse(json({ error: 'environment env_1 is archived' }, 409))

    expect(error).toBeInstanceOf(ApiError)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('ApiError')
    expect(error.status).toBe(409)
    expect(error.kind).toBe('conflict')
    expect(error.message).toBe('environment env_1 is archived')
    expect(error.code).toBeUndefined()
    expect(error.hint).toBeUndefined()
  })

  it('keeps code and hint from the Go shape', async () => {
    const error = await apiErrorFromResponse(
      json(
        {
          error: 'Idempotency-Key was reused with a different body',
          code: 'idempotency_conflict',
          hint: 'Send the retry with the same body, or use a new key.',
        },
        409,
      ),
    )

    expect(error.message).toBe('Idempotency-Key was reused with a different body')
    expect(error.code).toBe('idempotency_conflict')
    expect(error.hint).toBe('Send the retry with the same body, or use a new key.')
  })

  it('treats a machine token in "error" as the code when "message" carries the text', async () => {
    const error = await apiErrorFromResponse(
      json({ error: 'cursor_expired', message: 'Cursor 42 is older than the retention window' }, 410),
    )

    expect(error.kind).toBe('gone')
    expect(error.message).toBe('Cursor 42 is older than the retention window')
    expect(error.code).toBe('cursor_expired')
  })

  it('falls back to the status default when "error" is only a token', async () => {
    const error = await apiErrorFromResponse(json({ error: 'cursor_expired' }, 410))

    expect(error.message).toBe('The event cursor expired; reload.')
    expect(error.code).toBe('cursor_expired')
  })

  it('prefers the Spring "message" over the reason phrase in "error"', async () => {
    const error = await apiErrorFromResponse(
      json(
        {
          timestamp: '2025-01-01T00:00:00Z',
          status: 409,
          error: 'Conflict',
          message: 'Agent definition version 3 is stale (current 4)',
          code: 'VERSION_CONFLICT',
          path: '/api/v1/agents/a1/definition',
        },
        409,
      ),
    )

    expect(error.message).toBe('Agent definition version 3 is stale (current 4)')
    expect(error.code).toBe('VERSION_CONFLICT')
  })

  it('does not mistake a Spring reason phrase for a code or a message', async () => {
    const error = await apiErrorFromResponse(
      json({ status: 500, error: 'Internal Server Error', message: '', path: '/api/x' }, 500),
    )

    expect(error.message).toBe('The server failed to answer; try again.')
    expect(error.code).toBeUndefined()
  })

  it('reads the typed {"type":"error","error":{...}} shape', async () => {
    const error = await apiErrorFromResponse(
      json(
        {
          type: 'error',
          error: {
            type: 'invalid_request_error',
            code: 'turn_active',
            message: 'A turn is already running for this session',
            param: null,
            session_id: 'ses_1',
          },
        },
        409,
      ),
    )

    expect(error.message).toBe('A turn is already running for this session')
    expect(error.code).toBe('turn_active')
  })

  it('uses error.type as the code when error.code is absent', async () => {
    const error = await apiErrorFromResponse(
      json({ type: 'error', error: { type: 'not_found_error', message: 'session not found' } }, 404),
    )

    expect(error.message).toBe('session not found')
    expect(error.code).toBe('not_found_error')
  })

  it('never shows an object, array or number as the message', async () => {
    const shapes: unknown[] = [
      { type: 'error', error: { type: 'api_error' } },
      { message: { nested: true } },
      { error: 42 },
      { error: ['a', 'b'] },
      [{ error: 'in an array' }],
      { unrelated: 'field' },
    ]
    for (const body of shapes) {
      const error = await apiErrorFromResponse(json(body, 400))
      expect(error.message).toBe('The request was rejected as invalid.')
      expect(error.message).not.toContain('[object')
    }
  })

  it('keeps a numeric code as text', async () => {
    const error = await apiErrorFromResponse(json({ error: 'quota exceeded', code: 42901 }, 429))

    expect(error.code).toBe('42901')
  })

  it('uses a short plain-text body as the message', async () => {
    const error = await apiErrorFromResponse(
      respond('  local environments are disabled on this server\n', 403, {
        'Content-Type': 'text/plain',
      }),
    )

    expect(error.kind).toBe('forbidden')
    expect(error.message).toBe('local environments are disabled on this server')
  })

  it('does not show a long plain-text body, but keeps it in raw', async () => {
    const dump = 'java.lang.IllegalStateException: boom\n'.repeat(20)
    const error = await apiErrorFromResponse(respond(dump, 500))

    expect(error.message).toBe('The server failed to answer; try again.')
    expect(error.raw).toBe(dump)
  })

  it('uses the status default for an HTML error page', async () => {
    const html = '<html><body><h1>502 Bad Gateway</h1><hr>nginx</body></html>'
    const withType = await apiErrorFromResponse(
      respond(html, 502, { 'Content-Type': 'text/html; charset=utf-8' }),
    )
    const withoutType = await apiErrorFromResponse(respond(`<!DOCTYPE html>${html}`, 404))

    expect(withType.message).toBe('The server failed to answer; try again.')
    expect(withType.raw).toBe(html)
    expect(withoutType.message).toBe('Not found, or not visible to you.')
  })

  it('survives a body that was already read', async () => {
    const response = json({ error: 'gone already' }, 404)
    await response.text()

    const error = await apiErrorFromResponse(response)

    expect(error.message).toBe('Not found, or not visible to you.')
    expect(error.raw).toBe('')
  })

  it('truncates raw to 4 KB', async () => {
    const error = await apiErrorFromResponse(respond('x'.repeat(10_000), 500))

    expect(RAW_BODY_LIMIT).toBe(4096)
    expect(error.raw).toHaveLength(RAW_BODY_LIMIT)
  })
})

describe('apiErrorFromResponse: statuses with an empty body', () => {
  it.each([
    [400, 'validation', 'The request was rejected as invalid.'],
    [401, 'unauthorized', 'Your session has expired or the credentials were rejected. Sign in again.'],
    [403, 'forbidden', 'You do not have permission for this action.'],
    [404, 'not_found', 'Not found, or not visible to you.'],
    [409, 'conflict', 'The change conflicts with the current state of the resource; reload and try again.'],
    [410, 'gone', 'The event cursor expired; reload.'],
    [413, 'too_large', 'The request is too large.'],
    [429, 'rate_limited', 'Too many requests; retrying shortly.'],
    [500, 'server', 'The server failed to answer; try again.'],
    [503, 'server', 'The server failed to answer; try again.'],
    [418, 'unknown', 'The request failed (HTTP 418).'],
  ] as const)('%i → %s', async (status, kind, message) => {
    const error = await apiErrorFromResponse(respond('', status))

    expect(error.status).toBe(status)
    expect(error.kind).toBe(kind)
    expect(error.message).toBe(message)
    expect(error.raw).toBe('')
    expect(error.retryAfterMs).toBeUndefined()
  })

  it('names the reason phrase for an unknown status', async () => {
    const error = await apiErrorFromResponse(respond(null, 418, {}, "I'm a teapot"))

    expect(error.message).toBe("The request failed (HTTP 418 I'm a teapot).")
  })
})

describe('Retry-After', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('reads delta seconds', async () => {
    const error = await apiErrorFromResponse(respond('', 429, { 'Retry-After': '30' }))

    expect(error.kind).toBe('rate_limited')
    expect(error.retryAfterMs).toBe(30_000)
  })

  it('reads an HTTP date relative to now', async () => {
    vi.useFakeTimers()
    vi.setSystemTime(new Date('2025-06-01T12:00:00Z'))
    const error = await apiErrorFromResponse(
      respond('', 429, { 'Retry-After': 'Sun, 01 Jun 2025 12:02:00 GMT' }),
    )

    expect(error.retryAfterMs).toBe(120_000)
  })

  it('clamps a past date to zero and ignores nonsense', () => {
    const now = Date.parse('2025-06-01T12:00:00Z')

    expect(parseRetryAfter('Sun, 01 Jun 2025 11:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter('-5', now)).toBeUndefined()
    expect(parseRetryAfter('', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })

  it('is also read on 503', async () => {
    const error = await apiErrorFromResponse(respond('', 503, { 'Retry-After': '5' }))

    expect(error.retryAfterMs).toBe(5000)
  })
})

describe('request id', () => {
  it('comes from the X-Request-Id header', async () => {
    const error = await apiErrorFromResponse(respond('', 500, { 'X-Request-Id': 'req_header' }))

    expect(error.requestId).toBe('req_header')
  })

  it('prefers the id the client sent', async () => {
    const error = await apiErrorFromResponse(respond('', 500, { 'X-Request-Id': 'req_header' }), 'req_client')

    expect(error.requestId).toBe('req_client')
  })

  it('is undefined when neither is known', async () => {
    const error = await apiErrorFromResponse(respond('', 500))

    expect(error.requestId).toBeUndefined()
  })
})

describe('networkError', () => {
  it('describes a failed fetch with status 0', () => {
    const cause = new TypeError('Failed to fetch')
    const error = networkError(cause, 'req_1')

    expect(error.status).toBe(0)
    expect(error.kind).toBe('network')
    expect(error.message).toBe('Could not reach the API. Check your connection or the Gateway URL.')
    expect(error.requestId).toBe('req_1')
    expect(error.cause).toBe(cause)
    expect(error.raw).toBe('')
    expect(isRetryableError(error)).toBe(true)
  })

  it('passes an ApiError through unchanged', async () => {
    const original = await apiErrorFromResponse(json({ error: 'stale version' }, 409))

    expect(networkError(original)).toBe(original)
  })
})

describe('isApiError', () => {
  it('narrows only ApiError', () => {
    expect(isApiError(networkError(new Error('x')))).toBe(true)
    expect(isApiError(new Error('x'))).toBe(false)
    expect(isApiError({ status: 500, message: 'lookalike' })).toBe(false)
    expect(isApiError(undefined)).toBe(false)
  })
})

describe('ApiError', () => {
  it('accepts a kind the status cannot express', () => {
    const error = new ApiError({ status: 200, kind: 'malformed', message: 'expected a list' })

    expect(error.kind).toBe('malformed')
    expect(error.status).toBe(200)
    expect(isRetryableError(error)).toBe(false)
  })
})

describe('isRetryableError', () => {
  it.each([
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [429, true],
    [501, false],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [409, false],
    [410, false],
    [413, false],
  ] as const)('HTTP %i → %s', (status, expected) => {
    expect(isRetryableError(new ApiError({ status, message: 'x' }))).toBe(expected)
  })

  it('does not retry what it did not normalise', () => {
    expect(isRetryableError(new TypeError('Failed to fetch'))).toBe(false)
    expect(isRetryableError(new DOMException('aborted', 'AbortError'))).toBe(false)
    expect(isRetryableError('boom')).toBe(false)
  })
})

describe('errorMessage', () => {
  it('reads any thrown value', async () => {
    const apiError = await apiErrorFromResponse(json({ error: 'name is required' }, 400))

    expect(errorMessage(apiError)).toBe('name is required')
    expect(errorMessage(new Error('plain failure'))).toBe('plain failure')
    expect(errorMessage(new RangeError(''))).toBe('RangeError')
    expect(errorMessage('  a string  ')).toBe('a string')
    expect(errorMessage({ message: 'an object with a message' })).toBe('an object with a message')
    expect(errorMessage({ message: { nested: 1 } })).toBe('Something went wrong.')
    expect(errorMessage(null)).toBe('Something went wrong.')
    expect(errorMessage(undefined)).toBe('Something went wrong.')
    expect(errorMessage(42)).toBe('Something went wrong.')
  })
})
