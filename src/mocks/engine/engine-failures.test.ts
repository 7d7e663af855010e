import { afterEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { AGENT, ENV } from '../seed/fixture-ids'
import { MORE_SESSIONS } from '../seed/seed-sessions'
import { expectInOrder, startEngine, type EngineHarness, stopEngine } from '../testing/engine-harness'
import { readJson } from '../testing/session-harness'

type PublicEvent = components['schemas']['PublicEvent']
type WorkItem = components['schemas']['WorkItem']

/**
 * Every path that fails a turn, checked against what upstream's runner writes:
 * agentscope-service/service-dataplane/src/main/java/io/agentscope/builder/web/managed/SessionTurnRunner.java
 * @c2d43f8 — failTurn appends `session.error {error: ApiErrorDetail.toMap()}` with type
 * `api_error`, the session id and `retry_status: "not_retrying"` (no turn or run id), then releases
 * the session's hands lease; runTurn fails a stream error as `model_call_failed` and rethrows it,
 * so runTurnAsync's catch logs it again as `turn_failed`; an exception before the stream starts
 * (environment lookup, agent build) is `turn_failed` only. ApiErrorType.API's wire name is
 * `api_error` (service-common/…/api/error/ApiErrorType.java).
 */
let h: EngineHarness
afterEach(() => stopEngine(h))

/** The session's log as an API client reads it. */
async function eventsOverHttp(sessionId: string): Promise<PublicEvent[]> {
  const page = await readJson<{ data: PublicEvent[] }>(
    await h.call(`/api/v1/agent-sessions/${sessionId}/events?limit=1000`),
  )
  return page.data
}

/** The events logged from the turn's first event to its last, session-level ones included. */
function duringTurn(events: PublicEvent[], turnId: string): PublicEvent[] {
  const first = events.findIndex((event) => event.data.turn_id === turnId)
  const last = events.findLastIndex((event) => event.data.turn_id === turnId)
  return first < 0 ? [] : events.slice(first, last + 1)
}

const upstreamError = (sessionId: string, code: string, message: string) => ({
  error: { type: 'api_error', code, message, session_id: sessionId, retry_status: 'not_retrying' },
})

const SANDBOX_KEY_MISSING =
  '400 BAD_REQUEST "sandbox environments require an E2B API key (config.apiKey, builder.e2b.api-key, BUILDER_E2B_API_KEY, or E2B_API_KEY)"'

describe('a failed model call', () => {
  it('logs session.error model_call_failed then turn_failed, in upstream shape, before turn.failed', async () => {
    h = await startEngine()
    const sessionId = MORE_SESSIONS.fresh
    const turn = await h.submit(sessionId, 'Simulate a model error.')
    await h.run()
    const events = await eventsOverHttp(sessionId)
    const span = events.slice(events.findIndex((event) => event.data.turn_id === turn.id))
    expectInOrder(
      span.map((event) => event.type),
      [
        'run.started',
        'item.completed',
        'run.ended',
        'session.error',
        'session.status_terminated',
        'session.error',
        'session.status_terminated',
        'turn.failed',
      ],
    )
    expect(span.some((event) => event.type === 'session.status_idle')).toBe(false)
    const reason = 'The model provider returned 503 three times in a row.'
    const errors = [
      upstreamError(sessionId, 'model_call_failed', reason),
      upstreamError(sessionId, 'turn_failed', reason),
    ]
    expect(span.filter((event) => event.type === 'session.error').map((event) => event.data)).toEqual(errors)
    // DataSessionService.updateStatus: the session stops with the same detail as its stop reason.
    expect(
      span.filter((event) => event.type === 'session.status_terminated').map((event) => event.data),
    ).toEqual(errors.map((stopReason) => ({ status: 'terminated', stopReason })))
    const session = await readJson<{ status: string; stopReason: unknown }>(
      await h.call(`/api/v1/agent-sessions/${sessionId}`),
    )
    expect(session).toMatchObject({ status: 'terminated', stopReason: errors[1] })
    expect(span.find((event) => event.type === 'turn.failed')?.data).toMatchObject({
      turn_id: turn.id,
      error_code: 'model_call_failed',
    })
    expect(h.turn(sessionId, turn.id)).toMatchObject({ status: 'failed', errorCode: 'model_call_failed' })
    await h.checkLog(sessionId)
  })
})

describe('a turn the environment cannot run', () => {
  it('is turn_failed with the exception upstream throws for a sandbox without an E2B key', async () => {
    h = await startEngine()
    const sessionId = await h.createSession({ agent: AGENT.triageBot, environmentId: ENV.e2bDefault })
    const turn = await h.submit(sessionId, 'Write environment-check.txt and read it back.')
    await h.run()
    const span = duringTurn(await eventsOverHttp(sessionId), turn.id)
    expect(span.some((event) => event.type.startsWith('tool.'))).toBe(false)
    expect(span.filter((event) => event.type === 'session.error').map((event) => event.data)).toEqual([
      upstreamError(sessionId, 'turn_failed', SANDBOX_KEY_MISSING),
    ])
    expect(h.turn(sessionId, turn.id)).toMatchObject({ status: 'failed', errorCode: 'turn_failed' })
  })

  it('is turn_failed with the control plane lookup error when the environment is gone', async () => {
    h = await startEngine()
    const sessionId = await h.createSession({ agent: AGENT.triageBot, environmentId: ENV.dataplaneLocal })
    h.backend.db.environments.delete(ENV.dataplaneLocal)
    const turn = await h.submit(sessionId, 'Hello')
    await h.run()
    const errors = duringTurn(await eventsOverHttp(sessionId), turn.id).filter(
      (event) => event.type === 'session.error',
    )
    expect(errors.map((event) => event.data)).toEqual([
      upstreamError(sessionId, 'turn_failed', `404 NOT_FOUND "Environment not found: ${ENV.dataplaneLocal}"`),
    ])
  })

  it('never uses a code upstream does not have', async () => {
    h = await startEngine()
    await h.call('/__mock/faults', {
      method: 'PUT',
      body: { sandboxCredentialsMissing: true, localEnvironmentsDisabled: true },
    })
    const sandbox = await h.createSession({ agent: AGENT.dataAnalyst })
    const model = MORE_SESSIONS.fresh
    await h.submit(sandbox, 'Hello')
    await h.submit(model, 'Simulate a model error.')
    await h.run()
    const codes = [...(await eventsOverHttp(sandbox)), ...(await eventsOverHttp(model))].flatMap((event) => {
      const error = event.data.error
      return event.type === 'session.error' && typeof error === 'object' && error !== null && 'code' in error
        ? [error.code]
        : []
    })
    expect(codes.length).toBeGreaterThan(0)
    expect(new Set(codes)).toEqual(new Set(['turn_failed', 'model_call_failed']))
  })
})

describe('the work-queue claim', () => {
  const workOf = async (sessionId: string) =>
    (await readJson<WorkItem[]>(await h.call(`/api/environments/${ENV.buildWorkers}/work`))).filter(
      (item) => item.sessionId === sessionId,
    )

  it('is released when a turn fails, even with a later turn of the session queued', async () => {
    h = await startEngine({ virtualWorkers: 'demo' })
    const sessionId = await h.createSession({ agent: AGENT.releaseHelper })
    const first = await h.submit(sessionId, 'Write environment-check.txt and read it back.')
    const failing = await h.submit(sessionId, 'Simulate a model error.')
    const last = await h.submit(sessionId, 'Write environment-check.txt and read it back.')
    await h.run(60_000)
    expect(h.turn(sessionId, first.id).status).toBe('completed')
    expect(h.turn(sessionId, failing.id).status).toBe('failed')
    expect(h.turn(sessionId, last.id).status).toBe('completed')
    // HandsLeaseService: each turn's run acquires a lease (an item) when the session holds none, and
    // its end (completed, or failTurn) releases it, so three turns leave three stopped items, the
    // failing turn's one too, although it never called a tool.
    const items = await workOf(sessionId)
    expect(items).toHaveLength(3)
    expect(items.map((item) => item.status)).toEqual(['stopped', 'stopped', 'stopped'])
    await h.checkLog(sessionId)
  })
})

describe('the local-environment policy', () => {
  it('is not re-checked for a session already bound to a local environment (upstream environment_policy.go)', async () => {
    h = await startEngine()
    const sessionId = await h.createSession({ agent: AGENT.triageBot, environmentId: ENV.dataplaneLocal })
    await h.call('/__mock/faults', { method: 'PUT', body: { localEnvironmentsDisabled: true } })
    const turn = await h.submit(sessionId, 'Run `uname -a`.')
    await h.run()
    expect(h.turn(sessionId, turn.id)).toMatchObject({ status: 'completed', errorCode: null })
    expect(h.turnTypes(sessionId, turn.id)).toContain('tool.completed')
  })
})
