import { describe, expect, it, vi } from 'vitest'
import { fetchWithSafeRetry, type SafeRetryPolicy } from './safe-retry'

const fast: SafeRetryPolicy = { retries: 3, baseDelayMs: 1, maxDelayMs: 5 }

function turnRequest(headers: Record<string, string> = { 'Idempotency-Key': 'idem-1' }) {
  return new Request('http://gateway.test/api/agent-sessions/s1/turns', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ input: 'run the check' }),
  })
}

describe('fetchWithSafeRetry', () => {
  it('re-sends a keyed mutation after lost answers, with the same key and body each time', async () => {
    const seen: { key: string | null; body: string }[] = []
    // A 503, then a dropped connection, then the answer.
    const answers: (() => Response)[] = [
      () => new Response('down', { status: 503 }),
      () => {
        throw new TypeError('Failed to fetch')
      },
    ]
    const send = vi.fn(async (request: Request) => {
      seen.push({ key: request.headers.get('Idempotency-Key'), body: await request.text() })
      return answers.shift()?.() ?? new Response('{"id":"turn-1"}', { status: 201 })
    })
    const response = await fetchWithSafeRetry(turnRequest(), send, fast)
    expect(response.status).toBe(201)
    expect(seen).toHaveLength(3)
    expect(new Set(seen.map((attempt) => `${attempt.key}|${attempt.body}`)).size).toBe(1)
    expect(seen[0]).toEqual({ key: 'idem-1', body: '{"input":"run the check"}' })
  })

  it('never re-sends a mutation without an Idempotency-Key', async () => {
    const send = vi.fn(() => Promise.resolve(new Response('down', { status: 503 })))
    const response = await fetchWithSafeRetry(turnRequest({}), send, fast)
    expect(response.status).toBe(503)
    expect(send).toHaveBeenCalledTimes(1)
  })

  it.each(['cancel', 'resume'])(
    'never re-sends a turn %s, although it carries a key (upstream declares none for it, C16)',
    async (command) => {
      const send = vi.fn(() => Promise.resolve(new Response('down', { status: 503 })))
      const request = new Request(`http://gateway.test/api/v1/agent-sessions/s1/turns/t1/${command}`, {
        method: 'POST',
        headers: { 'Idempotency-Key': `${command}-1` },
      })
      expect((await fetchWithSafeRetry(request, send, fast)).status).toBe(503)
      expect(send).toHaveBeenCalledTimes(1)
    },
  )

  it('leaves reads to react-query', async () => {
    const send = vi.fn(() => Promise.resolve(new Response('down', { status: 503 })))
    const read = new Request('http://gateway.test/api/environments', { headers: { 'Idempotency-Key': 'x' } })
    expect((await fetchWithSafeRetry(read, send, fast)).status).toBe(503)
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('does not retry answers that are final: 4xx, 409 conflicts and 501', async () => {
    for (const status of [400, 409, 501]) {
      const send = vi.fn(() => Promise.resolve(new Response('no', { status })))
      expect((await fetchWithSafeRetry(turnRequest(), send, fast)).status).toBe(status)
      expect(send).toHaveBeenCalledTimes(1)
    }
  })

  it('gives up after the allowed retries and returns the last answer', async () => {
    const send = vi.fn(() => Promise.resolve(new Response('down', { status: 502 })))
    expect((await fetchWithSafeRetry(turnRequest(), send, fast)).status).toBe(502)
    expect(send).toHaveBeenCalledTimes(4)
  })

  it('stops when the user aborts while it waits', async () => {
    const controller = new AbortController()
    const request = new Request(turnRequest(), { signal: controller.signal })
    const send = vi.fn(() => {
      controller.abort(new DOMException('cancelled', 'AbortError'))
      return Promise.resolve(new Response('down', { status: 503 }))
    })
    await expect(
      fetchWithSafeRetry(request, send, { retries: 3, baseDelayMs: 1000, maxDelayMs: 1000 }),
    ).rejects.toThrow('cancelled')
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('waits as long as Retry-After asks (capped)', async () => {
    vi.useFakeTimers()
    try {
      const send = vi
        .fn<(request: Request) => Promise<Response>>()
        .mockResolvedValueOnce(new Response('busy', { status: 429, headers: { 'Retry-After': '2' } }))
        .mockResolvedValue(new Response('{}', { status: 201 }))
      const pending = fetchWithSafeRetry(turnRequest(), send, {
        retries: 2,
        baseDelayMs: 1,
        maxDelayMs: 10_000,
      })
      await vi.advanceTimersByTimeAsync(1_900)
      expect(send).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(200)
      expect((await pending).status).toBe(201)
    } finally {
      vi.useRealTimers()
    }
  })
})
