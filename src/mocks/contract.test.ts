// @vitest-environment node
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMockBackend } from './lib/backend'
import { createHandlers } from './handlers'
import { createManualClock } from './lib/clock'
import { TEST_NOW } from './node'
import { seed } from './seed'
import { AGENT, ENV, SESSION } from './seed/fixture-ids'
import { SUBAGENT_TREE } from './seed/seed-subagents'
import { ContractValidator, loadSpec, type ValidationFailure } from './testing/contract-validator'
import { loadUpstreamSpecs, skippedMessage, upstreamSpecDir } from './testing/upstream-spec'
import { readSse } from '@/api/sse-reader'

/**
 * The contract test: a scripted tour that calls every operation in src/api/openapi.yaml against
 * the mock, including error answers, and validates each response and event against our contract.
 * When UPSTREAM_SPEC_DIR holds the upstream specifications (testing/upstream-spec.ts), responses
 * of routes that also exist upstream are checked against the Agent Session API spec too, and
 * events against the upstream public event schema; without them it says so in one line and runs
 * our own checks only.
 */
const ORIGIN = 'http://localhost'

const upstream = loadUpstreamSpecs()
const validator = upstream
  ? new ContractValidator(
      [loadSpec('src/api/openapi.yaml', 'console'), upstream.openapi],
      [upstream.eventSibling],
    )
  : new ContractValidator([loadSpec('src/api/openapi.yaml', 'console')])
const failures: ValidationFailure[] = []
const eventFailures: string[] = []
let eventsValidated = 0
let upstreamEventsValidated = 0

const clock = createManualClock(TEST_NOW)
const backend = createMockBackend({ clock, options: { latencyMs: 0, streamHeartbeatMs: 50 } })
const server = setupServer(...createHandlers(backend))

type Call = {
  method?: string
  token?: string
  envKey?: string
  body?: unknown
  /** Raw bytes sent as they are (a file upload), with the Content-Type the caller gives. */
  raw?: Uint8Array<ArrayBuffer>
  headers?: Record<string, string>
  /** Behaviour the upstream spec 1.0.0 does not describe (newer servers' paging): check ours only. */
  isNewerServerShape?: boolean
}

async function call(path: string, options: Call = {}): Promise<Response> {
  const headers = new Headers(options.headers)
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`)
  if (options.envKey) headers.set('X-Builder-Environment-Key', options.envKey)
  if (options.body !== undefined) headers.set('Content-Type', 'application/json')
  const method = options.method ?? 'GET'
  const response = await fetch(`${ORIGIN}${path}`, {
    method,
    headers,
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  })
  const contentType = response.headers.get('Content-Type') ?? ''
  if (!contentType.includes('event-stream')) {
    const onlySpecs = options.isNewerServerShape ? ['console'] : undefined
    failures.push(
      ...validator.validate(
        method,
        `${ORIGIN}${path}`,
        response.status,
        contentType,
        await response.clone().text(),
        onlySpecs,
      ),
    )
  } else {
    failures.push(...validator.validate(method, `${ORIGIN}${path}`, response.status, contentType, ''))
  }
  return response
}

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T
}

function checkEvents(events: unknown[]) {
  for (const event of events) {
    const type = (event as { type?: string }).type ?? '?'
    eventsValidated += 1
    const ours = validator.validateComponent('console', 'PublicEvent', event)
    if (ours) eventFailures.push(`${type} (openapi.yaml): ${ours}`)
    if (!upstream) continue
    upstreamEventsValidated += 1
    const theirs = upstream.validateEvent(event)
    if (theirs) eventFailures.push(`${type} (upstream): ${theirs}`)
  }
}

beforeAll(async () => {
  await seed(backend, { largeSessionEvents: 5000 })
  server.listen({ onUnhandledRequest: 'error' })
})
afterAll(() => server.close())

describe('contract tour', () => {
  it(
    'answers every operation in the contract with responses that validate',
    { timeout: 60_000 },
    async () => {
      // Identity
      expect(
        (await call('/api/auth/login', { method: 'POST', body: { username: 'alice', password: 'nope' } }))
          .status,
      ).toBe(401)
      const { token } = await json<{ token: string }>(
        await call('/api/auth/login', { method: 'POST', body: { username: 'alice', password: 'alice' } }),
      )
      const viewer = (
        await json<{ token: string }>(
          await call('/api/auth/login', { method: 'POST', body: { username: 'bob', password: 'bob' } }),
        )
      ).token
      const spare = (
        await json<{ token: string }>(
          await call('/api/auth/login', { method: 'POST', body: { username: 'admin', password: 'admin' } }),
        )
      ).token
      expect((await call('/api/auth/me', { token })).status).toBe(200)
      expect((await call('/api/auth/me')).status).toBe(401)
      expect((await call('/api/v1/me/scope', { token })).status).toBe(200)
      expect((await call('/api/v1/me/namespaces', { token })).status).toBe(200)
      expect((await call('/api/v1/namespaces/default/resources', { token })).status).toBe(200)

      // Environments
      const list = await call('/api/environments?limit=5&offset=0', { token })
      expect(list.status).toBe(200)
      expect(list.headers.get('X-Total-Count')).toMatch(/^\d+$/)
      expect((await call('/api/environments?offset=3', { token })).status).toBe(400)
      expect(
        (
          await call('/api/environments', {
            method: 'POST',
            token: viewer,
            body: { name: 'x', type: 'remote' },
          })
        ).status,
      ).toBe(403)
      expect(
        (await call('/api/environments', { method: 'POST', token, body: { name: '', type: 'remote' } }))
          .status,
      ).toBe(400)
      const created = await json<{ id: string; apiKey: string }>(
        await call('/api/environments', {
          method: 'POST',
          token,
          body: { name: 'contract-env', type: 'self_hosted', config: { extra: { keep: 1 } } },
        }),
      )
      expect(created.apiKey).toMatch(/^ek_/)
      expect((await call(`/api/environments/${created.id}`, { token })).status).toBe(200)
      expect((await call('/api/environments/env_doesnotexist', { token })).status).toBe(404)
      expect(
        (
          await call(`/api/environments/${created.id}`, {
            method: 'PATCH',
            token,
            body: { config: { isolationScope: 'USER' } },
          })
        ).status,
      ).toBe(200)
      const rotated = await json<{ apiKey: string }>(
        await call(`/api/environments/${created.id}/rotate-key`, { method: 'POST', token }),
      )
      expect(rotated.apiKey).not.toBe(created.apiKey)

      // Work items, hands status, worker protocol
      expect((await call(`/api/environments/${ENV.labBox}/work`, { token })).status).toBe(200)
      expect((await call(`/api/environments/${ENV.labBox}/work?state=queued`, { token })).status).toBe(200)
      expect((await call(`/api/environments/${ENV.labBox}/work/stats`, { token })).status).toBe(200)
      expect((await call('/api/hands/status', { token })).status).toBe(200)
      const labKey = `ek_seed_${ENV.labBox}`
      expect(
        (
          await call(`/api/environments/${ENV.labBox}/work/poll?workerId=w1&timeoutMs=0`, {
            envKey: 'ek_wrong',
          })
        ).status,
      ).toBe(401)
      const polled = await call(`/api/environments/${ENV.labBox}/work/poll?workerId=w1&timeoutMs=0`, {
        envKey: labKey,
      })
      expect(polled.status).toBe(200)
      const item = await json<{ id: string; sessionId: string }>(polled)
      const workPath = `/api/environments/${ENV.labBox}/work/${item.id}`
      expect((await call(workPath, { token })).status).toBe(200)
      expect(
        (
          await call(`${workPath}/ack`, {
            method: 'POST',
            envKey: labKey,
            body: { workerId: 'w1', workDir: '/tmp/w1' },
          })
        ).status,
      ).toBe(200)
      expect(
        (await call(`${workPath}/heartbeat`, { method: 'POST', envKey: labKey, body: { workerId: 'w1' } }))
          .status,
      ).toBe(200)
      expect(
        (
          await call(workPath, {
            method: 'POST',
            envKey: labKey,
            body: { workerId: 'w1', workDir: '/tmp/w1b' },
          })
        ).status,
      ).toBe(200)
      const sessionWorker = `/api/environments/${ENV.labBox}/sessions/${item.sessionId}`
      expect((await call(`${sessionWorker}/pending-tools`, { envKey: labKey })).status).toBe(200)
      expect((await call(`${sessionWorker}/skills`, { envKey: labKey })).status).toBe(200)
      expect(
        (
          await call(`${sessionWorker}/tool-results`, {
            method: 'POST',
            envKey: labKey,
            body: { results: [] },
          })
        ).status,
      ).toBe(400)
      expect(
        (
          await call(`${sessionWorker}/tool-results`, {
            method: 'POST',
            envKey: labKey,
            body: {
              results: [{ tool_use_id: 'toolu_contract', name: 'read_file', content: 'ok', is_error: false }],
            },
          })
        ).status,
      ).toBe(200)
      expect(
        (await call(`${workPath}/stop`, { method: 'POST', envKey: labKey, body: { workerId: 'w1' } })).status,
      ).toBe(200)
      expect(
        (await call(`/api/environments/${ENV.labBox}/work/poll?workerId=w1&timeoutMs=0`, { envKey: labKey }))
          .status,
      ).toBe(204)

      // Archive (then PATCH is refused) and delete
      expect((await call(`/api/environments/${created.id}/archive`, { method: 'POST', token })).status).toBe(
        200,
      )
      expect(
        (await call(`/api/environments/${created.id}`, { method: 'PATCH', token, body: { name: 'again' } }))
          .status,
      ).toBe(409)
      expect((await call(`/api/environments/${created.id}`, { method: 'DELETE', token })).status).toBe(204)

      // Agents, memory stores, vaults
      expect((await call('/api/v1/agents', { token })).status).toBe(200)
      const envelope = await json<{ definition: Record<string, unknown> & { version: number } }>(
        await call(`/api/v1/agents/${AGENT.triageBot}/definition`, { token }),
      )
      expect(
        (
          await call(`/api/v1/agents/${AGENT.triageBot}/definition`, {
            method: 'PATCH',
            token,
            body: { ...envelope.definition, version: envelope.definition.version + 5 },
          })
        ).status,
      ).toBe(409)
      expect(
        (
          await call(`/api/v1/agents/${AGENT.triageBot}/definition`, {
            method: 'PATCH',
            token,
            body: { ...envelope.definition, defaultEnvironmentId: ENV.sharedDocs },
          })
        ).status,
      ).toBe(200)
      expect((await call(`/api/v1/agents/${AGENT.triageBot}/versions`, { token })).status).toBe(200)
      expect((await call(`/api/v1/agents/${AGENT.triageBot}/versions/1`, { token })).status).toBe(200)
      expect((await call(`/api/v1/agents/${AGENT.triageBot}/versions/999`, { token })).status).toBe(404)
      expect((await call('/api/memory-stores?limit=10', { token })).status).toBe(200)
      expect((await call('/api/vaults', { token })).status).toBe(200)

      // Sessions
      expect((await call('/api/v1/agent-sessions', { token })).status).toBe(200)
      expect((await call('/api/v1/agent-sessions?status=all&limit=5&offset=0', { token })).status).toBe(200)
      backend.options.apiVariant = 'docs'
      expect(
        (await call('/api/v1/agent-sessions?status=all', { token, isNewerServerShape: true })).status,
      ).toBe(200)
      backend.options.apiVariant = 'code'
      const session = await json<{ id: string }>(
        await call('/api/v1/agent-sessions', {
          method: 'POST',
          token,
          headers: { 'Idempotency-Key': 'contract-create-1' },
          body: { agent: AGENT.triageBot },
        }),
      )
      const base = `/api/v1/agent-sessions/${session.id}`
      expect((await call(base, { token })).status).toBe(200)
      expect(
        (await call(base, { method: 'PATCH', token, body: { environmentId: ENV.e2bPython } })).status,
      ).toBe(200)
      expect((await call(`${base}/turns`, { method: 'POST', token, body: { message: 'hi' } })).status).toBe(
        400,
      )
      const turnResponse = await call(`${base}/turns`, {
        method: 'POST',
        token,
        headers: { 'Idempotency-Key': 'contract-turn-1' },
        body: { message: 'hello' },
      })
      expect(turnResponse.status).toBe(202)
      const turn = await json<{ id: string }>(turnResponse)
      expect((await call(`${base}/turns`, { token })).status).toBe(200)
      expect((await call(`${base}/turns/${turn.id}`, { token })).status).toBe(200)
      // Steering a turn that is not running is refused; injected context waits for the next step.
      const steerAnswer = await call(`${base}/turns/${turn.id}/steer`, {
        method: 'POST',
        token,
        headers: { 'Idempotency-Key': 'contract-steer-1' },
        body: { message: 'focus' },
      })
      expect([202, 409]).toContain(steerAnswer.status)
      const injectAnswer = await call(`${base}/inputs/inject`, {
        method: 'POST',
        token,
        headers: { 'Idempotency-Key': 'contract-inject-1' },
        body: { message: 'context' },
      })
      expect(injectAnswer.status).toBe(202)
      expect((await call(`${base}/inputs`, { token })).status).toBe(200)
      expect(
        (
          await call(`${base}/turns/${turn.id}/cancel`, {
            method: 'POST',
            token,
            headers: { 'Idempotency-Key': 'contract-cancel-1' },
          })
        ).status,
      ).toBe(202)
      const resume = await call(`${base}/turns/${turn.id}/resume`, {
        method: 'POST',
        token,
        headers: { 'Idempotency-Key': 'contract-resume-1' },
      })
      expect([202, 409]).toContain(resume.status)
      expect((await call(`${base}/archive`, { method: 'POST', token })).status).toBeLessThan(500)

      // Required actions on the seeded session that waits for a confirmation
      const approval = `/api/v1/agent-sessions/${SESSION.needsApproval}`
      const snapshot = await json<{ required_actions: { data: Record<string, unknown> }[] }>(
        await call(`${approval}/snapshot`, { token }),
      )
      const pending = snapshot.required_actions
        .map((envelope) => envelope.data)
        .find((data) => typeof data.request_id === 'string')
      expect(pending).toBeDefined()
      const pendingTurn = String(pending?.turn_id)
      expect((await call(`${approval}/turns/${pendingTurn}/actions`, { token })).status).toBe(200)
      expect(
        (
          await call(`${approval}/turns/${pendingTurn}/actions`, {
            method: 'POST',
            token,
            headers: { 'Idempotency-Key': 'contract-answer-1' },
            body: { answers: [{ request_id: String(pending?.request_id), allow: true }] },
          })
        ).status,
      ).toBe(202)

      // Events: page through the large session, check the stream, snapshot and views
      const large = `/api/v1/agent-sessions/${SESSION.largeHistory}`
      let after: string | undefined
      let pages = 0
      for (;;) {
        const page = await json<{ data: unknown[]; has_more: boolean; next_cursor: string | null }>(
          await call(`${large}/events?limit=1000${after ? `&after=${encodeURIComponent(after)}` : ''}`, {
            token,
          }),
        )
        checkEvents(page.data)
        pages += 1
        if (!page.has_more || !page.next_cursor) break
        after = page.next_cursor
      }
      expect(pages).toBeGreaterThanOrEqual(5)
      expect((await call(`${large}/events?after=garbage`, { token })).status).toBe(400)
      const [firstEvent] = (
        await json<{ data: { id: string }[] }>(await call(`${large}/events?limit=1`, { token }))
      ).data
      expect((await call(`${large}/events/${firstEvent?.id ?? ''}`, { token })).status).toBe(200)
      expect((await call(`${large}/events/evt_nope`, { token })).status).toBe(404)
      expect((await call(`${large}/snapshot`, { token })).status).toBe(200)
      expect((await call(`${large}/tools`, { token })).status).toBe(200)
      expect((await call(`${large}/items`, { token })).status).toBe(200)
      expect((await call(`${large}/usage`, { token })).status).toBe(200)
      expect((await call(`${large}/export`, { token })).status).toBe(200)

      const abort = new AbortController()
      const stream = await fetch(`${ORIGIN}${large}/events/stream`, {
        headers: { Authorization: `Bearer ${token}` },
        signal: abort.signal,
      })
      failures.push(
        ...validator.validate(
          'GET',
          `${ORIGIN}${large}/events/stream`,
          stream.status,
          stream.headers.get('Content-Type') ?? '',
          '',
        ),
      )
      expect(stream.headers.get('Content-Type')).toContain('text/event-stream')
      const streamed: unknown[] = []
      for await (const message of readSse(stream.body!, { signal: abort.signal })) {
        streamed.push(JSON.parse(message.data))
        if (streamed.length >= 200) abort.abort()
      }
      checkEvents(streamed)

      // The sub-agent tree: the children, a grandchild's views through the root, its log and stream
      const tree = `/api/v1/agent-sessions/${SUBAGENT_TREE.parent}`
      expect((await call(`${tree}/subagents`, { token })).status).toBe(200)
      expect((await call(`${tree}/usage?include_children=true`, { token })).status).toBe(200)
      const grandchild = `${tree}/subagents/${SUBAGENT_TREE.licenses}`
      for (const view of [
        '',
        '/snapshot',
        '/items',
        '/tools',
        '/turns',
        '/runs',
        '/required-actions',
        '/usage',
        '/subagents',
      ]) {
        expect((await call(`${grandchild}${view}`, { token })).status).toBe(200)
      }
      const childPage = await json<{ data: unknown[] }>(
        await call(`${grandchild}/events?limit=1000`, { token }),
      )
      checkEvents(childPage.data)
      const childAbort = new AbortController()
      const childStream = await fetch(`${ORIGIN}${grandchild}/events/stream`, {
        headers: { Authorization: `Bearer ${token}` },
        signal: childAbort.signal,
      })
      failures.push(
        ...validator.validate(
          'GET',
          `${ORIGIN}${grandchild}/events/stream`,
          childStream.status,
          childStream.headers.get('Content-Type') ?? '',
          '',
        ),
      )
      for await (const message of readSse(childStream.body!, { signal: childAbort.signal })) {
        checkEvents([JSON.parse(message.data)])
        childAbort.abort()
      }

      // Session files and artifacts: upload, list, read, download, publish, list, revoke
      const files = `${base}/files`
      const uploaded = await call(files, {
        method: 'POST',
        token,
        raw: new TextEncoder().encode('contract file'),
        // Octet-stream, the one type both specs declare for the download (the server echoes the upload's).
        headers: {
          'X-File-Name': 'contract.txt',
          'Content-Type': 'application/octet-stream',
          'Idempotency-Key': 'contract-file-1',
        },
      })
      expect(uploaded.status).toBe(201)
      const file = await json<{ file_id: string }>(uploaded)
      expect((await call(files, { token })).status).toBe(200)
      expect((await call(`${files}/${file.file_id}`, { token })).status).toBe(200)
      expect((await call(`${files}/${file.file_id}/content`, { token })).status).toBe(200)
      const published = await call(`${base}/artifacts`, {
        method: 'POST',
        token,
        headers: { 'Idempotency-Key': 'contract-artifact-1' },
        body: { file_id: file.file_id },
      })
      expect(published.status).toBe(201)
      const artifact = await json<{ artifact_id: string }>(published)
      expect((await call(`${base}/artifacts`, { token })).status).toBe(200)
      expect(
        (await call(`${base}/artifacts/${artifact.artifact_id}`, { method: 'DELETE', token })).status,
      ).toBe(200)

      // Session lifecycle answers
      expect((await call(`${base}/restore`, { method: 'POST', token })).status).toBeLessThan(500)
      expect((await call('/api/v1/agent-sessions/sess_nope', { token })).status).toBe(404)
      expect((await call(base, { method: 'DELETE', token })).status).toBe(204)

      // Signing out revokes the token
      expect((await call('/api/auth/logout', { method: 'POST', token: spare })).status).toBe(204)
      expect((await call('/api/auth/me', { token: spare })).status).toBe(401)

      const seen = validator.seenOperations.get('console') ?? new Set()
      const missing = validator.allOperationIds('console').filter((id) => !seen.has(id))
      expect(missing, 'operations the tour did not exercise').toEqual([])
      expect(failures).toEqual([])
      expect(eventFailures.slice(0, 5)).toEqual([])

      const ours = validator.validatedCount.get('console') ?? 0
      if (upstream) {
        const upstreamResponses = validator.validatedCount.get('upstream') ?? 0
        console.info(
          `upstream cross-check ran against ${upstream.dir}: ${upstreamResponses} responses, ${upstreamEventsValidated} events validated`,
        )
        expect(upstreamResponses).toBeGreaterThan(0)
        expect(upstreamEventsValidated).toBe(eventsValidated)
      } else {
        console.info(skippedMessage(upstreamSpecDir()))
      }
      expect(ours).toBeGreaterThanOrEqual(validator.allOperationIds('console').length)
      expect(eventsValidated).toBeGreaterThan(5000)
    },
  )
})
