import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isApiError, type ApiError } from './api-error'
import { api, configureApi, fillPath, holdReadsUntil, queryString, setApiCredentials } from './client'
import { setSafeRetryPolicy } from './safe-retry'

const GATEWAY = 'http://gateway.test'

let sent: Request[] = []
let answer: (request: Request) => Response | Promise<Response> = () => Response.json({})

beforeEach(() => {
  sent = []
  answer = () => Response.json({})
  vi.stubGlobal('fetch', async (request: Request) => {
    sent.push(request)
    return answer(request)
  })
  configureApi(`${GATEWAY}/`)
  setApiCredentials({
    getToken: () => 'token-1',
    getScope: () => ({ tenant: 'acme', namespace: 'team-a' }),
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  setApiCredentials({ getToken: () => null, getScope: () => ({ tenant: null, namespace: null }) })
})

function lastRequest(): Request {
  const request = sent.at(-1)
  if (!request) throw new Error('no request was sent')
  return request
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`)
  return error
}

describe('fillPath', () => {
  it('fills each {name} with its value as one percent-encoded segment', () => {
    expect(
      fillPath('/api/v1/agents/{agentId}/versions/{version}', { path: { agentId: 'a b/c?', version: 3 } }),
    ).toBe('/api/v1/agents/a%20b%2Fc%3F/versions/3')
  })

  it('leaves a segment it has no value for as it is', () => {
    expect(fillPath('/api/environments/{id}', {})).toBe('/api/environments/{id}')
  })
})

describe('queryString', () => {
  it('encodes names and values, in the order given', () => {
    expect(queryString({ limit: 50, after: 'evt 1&2', include_children: true })).toBe(
      'limit=50&after=evt%201%262&include_children=true',
    )
  })

  it('repeats the name for each item of an array', () => {
    expect(queryString({ status: ['active', 'archived'], limit: 5 })).toBe(
      'status=active&status=archived&limit=5',
    )
  })

  it('leaves out absent values and empty arrays, but keeps 0, false and empty strings', () => {
    expect(queryString({ a: undefined, b: null, c: [], d: 0, e: false, f: '' })).toBe('d=0&e=false&f=')
  })
})

describe('api()', () => {
  it('sends the call to the configured Gateway with its path, query and the user’s headers', async () => {
    await api().GET('/api/environments/{id}/work', {
      params: { path: { id: 'env 1' }, query: { state: 'queued' } },
    })
    const request = lastRequest()
    expect(request.method).toBe('GET')
    expect(request.url).toBe(`${GATEWAY}/api/environments/env%201/work?state=queued`)
    expect(request.headers.get('Authorization')).toBe('Bearer token-1')
    expect(request.headers.get('X-AgentScope-Tenant')).toBe('acme')
    expect(request.headers.get('X-AgentScope-Namespace')).toBe('team-a')
    expect(request.headers.get('X-Request-Id')).toMatch(/\S{8,}/)
    expect(request.headers.has('Content-Type')).toBe(false)
  })

  it('gives every request its own request id', async () => {
    await api().GET('/api/vaults')
    await api().GET('/api/vaults')
    expect(sent[0]?.headers.get('X-Request-Id')).not.toBe(sent[1]?.headers.get('X-Request-Id'))
  })

  it('leaves out the scope headers the user has not chosen, and the token when signed out', async () => {
    setApiCredentials({ getToken: () => null, getScope: () => ({ tenant: null, namespace: 'team-b' }) })
    await api().GET('/api/vaults')
    const request = lastRequest()
    expect(request.headers.has('Authorization')).toBe(false)
    expect(request.headers.has('X-AgentScope-Tenant')).toBe(false)
    expect(request.headers.get('X-AgentScope-Namespace')).toBe('team-b')
  })

  it('sends a JSON body with its content type, and the operation’s header parameters', async () => {
    await api().POST('/api/v1/agent-sessions/{session}/turns', {
      params: { path: { session: 'sess_1' }, header: { 'Idempotency-Key': 'idem-1' } },
      body: { message: 'run the check' },
    })
    const request = lastRequest()
    expect(request.method).toBe('POST')
    expect(request.url).toBe(`${GATEWAY}/api/v1/agent-sessions/sess_1/turns`)
    expect(request.headers.get('Content-Type')).toBe('application/json')
    expect(request.headers.get('Idempotency-Key')).toBe('idem-1')
    expect(await request.json()).toEqual({ message: 'run the check' })
  })

  it('sends a raw upload as its bytes with the caller’s content type, not as JSON', async () => {
    const bytes = new Uint8Array([0, 1, 254, 255])
    await api().POST('/api/v1/agent-sessions/{session}/files', {
      params: {
        path: { session: 'sess_1' },
        header: { 'Idempotency-Key': 'file-1', 'X-File-Name': 'a%20b.bin' },
      },
      headers: { 'Content-Type': 'application/octet-stream' },
      body: new Blob([bytes]),
    })
    const request = lastRequest()
    expect(request.headers.get('Content-Type')).toBe('application/octet-stream')
    expect(request.headers.get('X-File-Name')).toBe('a%20b.bin')
    expect(new Uint8Array(await request.arrayBuffer())).toEqual(bytes)
  })

  it('never adds the user token to a call that carries its own credential', async () => {
    await api().GET('/api/vaults', { headers: { 'X-Builder-Environment-Key': 'key-1' } })
    expect(lastRequest().headers.has('Authorization')).toBe(false)
    await api().GET('/api/vaults', { headers: { Authorization: 'Bearer other' } })
    expect(lastRequest().headers.get('Authorization')).toBe('Bearer other')
  })

  it('the scope headers are the user’s choice, not the caller’s', async () => {
    await api().GET('/api/vaults', { headers: { 'X-AgentScope-Namespace': 'elsewhere' } })
    expect(lastRequest().headers.get('X-AgentScope-Namespace')).toBe('team-a')
  })

  it('returns the parsed JSON body with the response', async () => {
    answer = () => Response.json([{ id: 'v1' }], { headers: { 'X-Total-Count': '7' } })
    const { data, response } = await api().GET('/api/vaults')
    expect(data).toEqual([{ id: 'v1' }])
    expect(response.headers.get('X-Total-Count')).toBe('7')
  })

  it('returns no data for 204 or an empty body', async () => {
    answer = () => new Response(null, { status: 204 })
    expect((await api().POST('/api/auth/logout')).data).toBeUndefined()
    answer = () => new Response('', { status: 200 })
    expect((await api().GET('/api/vaults')).data).toBeUndefined()
  })

  it('leaves a stream’s body unread for the caller', async () => {
    answer = () => new Response('id: 1\ndata: {}\n\n', { headers: { 'Content-Type': 'text/event-stream' } })
    const { data, response } = await api().GET('/api/v1/agent-sessions/{session}/events/stream', {
      params: { path: { session: 'sess_1' }, header: { 'Last-Event-ID': 'evt_9' } },
      headers: { Accept: 'text/event-stream' },
      parseAs: 'stream',
    })
    expect(data).toBeUndefined()
    expect(response.bodyUsed).toBe(false)
    expect(await response.text()).toBe('id: 1\ndata: {}\n\n')
    expect(lastRequest().headers.get('Last-Event-ID')).toBe('evt_9')
    expect(lastRequest().headers.get('Accept')).toBe('text/event-stream')
  })

  it('throws a refused call as an ApiError with the server’s message and the request id', async () => {
    answer = () =>
      Response.json(
        { type: 'error', error: { type: 'conflict', code: 'name_taken', message: 'That name is in use.' } },
        { status: 409 },
      )
    const error = await rejection(api().POST('/api/environments', { body: { name: 'a', type: 'local' } }))
    expect(error.status).toBe(409)
    expect(error.kind).toBe('conflict')
    expect(error.code).toBe('name_taken')
    expect(error.message).toBe('That name is in use.')
    expect(error.requestId).toBe(lastRequest().headers.get('X-Request-Id'))
  })

  it('a non-JSON error page still becomes an ApiError with the status’s own message', async () => {
    answer = () =>
      new Response('<html><body>Bad gateway</body></html>', {
        status: 502,
        headers: { 'Content-Type': 'text/html' },
      })
    const error = await rejection(api().GET('/api/vaults'))
    expect(error.status).toBe(502)
    expect(error.kind).toBe('server')
    expect(error.message).not.toContain('<html>')
  })

  it('tells the app about a 401 once, then throws it', async () => {
    const onUnauthorized = vi.fn()
    setApiCredentials({
      getToken: () => 'expired',
      getScope: () => ({ tenant: null, namespace: null }),
      onUnauthorized,
    })
    answer = () => Response.json({ message: 'Token expired.' }, { status: 401 })
    const error = await rejection(api().GET('/api/v1/me/scope'))
    expect(error.kind).toBe('unauthorized')
    expect(onUnauthorized).toHaveBeenCalledTimes(1)
    expect(onUnauthorized).toHaveBeenCalledWith(error)
  })

  it('a request that never got an answer is a network ApiError carrying its request id', async () => {
    answer = () => {
      throw new TypeError('Failed to fetch')
    }
    const error = await rejection(api().GET('/api/vaults'))
    expect(error.kind).toBe('network')
    expect(error.status).toBe(0)
    expect(error.requestId).toBe(lastRequest().headers.get('X-Request-Id'))
    expect(error.cause).toBeInstanceOf(TypeError)
  })

  it('re-sends a keyed mutation whose answer was lost, and never a read', async () => {
    setSafeRetryPolicy({ retries: 2, baseDelayMs: 1, maxDelayMs: 2 })
    try {
      let calls = 0
      answer = () =>
        ++calls === 1 ? new Response('down', { status: 503 }) : Response.json({ id: 't1', status: 'queued' })
      const { data } = await api().POST('/api/v1/agent-sessions/{session}/turns', {
        params: { path: { session: 'sess_1' }, header: { 'Idempotency-Key': 'idem-1' } },
        body: { message: 'hello' },
      })
      expect(data).toEqual({ id: 't1', status: 'queued' })
      expect(sent.map((request) => request.headers.get('Idempotency-Key'))).toEqual(['idem-1', 'idem-1'])
      sent = []
      answer = () => new Response('down', { status: 503 })
      expect((await rejection(api().GET('/api/vaults'))).status).toBe(503)
      expect(sent).toHaveLength(1)
    } finally {
      setSafeRetryPolicy({ retries: 0 })
    }
  })

  it('hands the caller’s abort signal to the request', async () => {
    const controller = new AbortController()
    await api().GET('/api/vaults', { signal: controller.signal })
    const request = lastRequest()
    expect(request.signal.aborted).toBe(false)
    controller.abort()
    expect(request.signal.aborted).toBe(true)
  })

  it('holds reads asked for during a hold until it settles, never writes', async () => {
    let release: () => void = () => undefined
    holdReadsUntil(new Promise<void>((resolve) => (release = resolve)))
    const read = api().GET('/api/vaults')
    const write = api().POST('/api/auth/logout')
    await write
    expect(sent.map((request) => request.method)).toEqual(['POST'])
    release()
    await read
    expect(sent.map((request) => request.method)).toEqual(['POST', 'GET'])
    // Settled, the hold is gone: the next read leaves at once.
    await api().GET('/api/vaults')
    expect(sent).toHaveLength(3)
  })

  it('a hold that fails releases its reads as one that succeeds does', async () => {
    let fail: (reason: Error) => void = () => undefined
    holdReadsUntil(new Promise<void>((_, reject) => (fail = reject)))
    const read = api().GET('/api/vaults')
    await Promise.resolve()
    expect(sent).toHaveLength(0)
    fail(new Error('no paint'))
    await read
    expect(sent).toHaveLength(1)
  })
})
