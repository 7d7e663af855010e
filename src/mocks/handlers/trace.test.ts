import { afterEach, describe, expect, it } from 'vitest'
import { AGENT } from '../seed/fixture-ids'
import { startEngine, stopEngine, type EngineHarness } from '../testing/engine-harness'

/**
 * The admin repair surface over HTTP, as upstream's code behaves at b589d28e:
 * service-dataplane/…/web/api/AgentSessionTraceController.java (gate, pages, reconcile's 400),
 * agentscope-core/…/session/SessionProjection.java (uncertain = dispatched − results − reconciled),
 * agentscope-core/…/session/SessionRecovery.java (reconcile's rules and the facts it commits),
 * and the run preparation that refuses to start over unknown outcomes
 * ("Explicit reconciliation required for unknown tool outcomes: …").
 */
let h: EngineHarness
afterEach(() => stopEngine(h))

type Projection = { asOfSeq: number; uncertainToolCalls: string[]; activeRuns: string[] }

const trace = (
  sessionId: string,
  path = '',
  init: { method?: string; body?: unknown; as?: 'admin' | 'alice' } = {},
) => h.call(`/api/v1/agent-sessions/${sessionId}/trace${path}`, { as: 'admin', ...init })

/** An admin's sandbox session whose first tool call dies after dispatch. */
async function lostMidTool() {
  h = await startEngine({}, { traceEnabled: true })
  const sessionId = await h.createSession({ agent: AGENT.dataAnalyst }, 'admin')
  await h.call('/__mock/faults', { method: 'PUT', body: { killRunMidTool: true } })
  const turn = await h.submit(sessionId, 'Run `pwd`.', 'admin')
  await h.run()
  const recovery = (await (await trace(sessionId, '/recovery')).json()) as Projection
  return { sessionId, turn, recovery }
}

const resume = (sessionId: string, turnId: string, key: string) =>
  h.call(`/api/v1/agent-sessions/${sessionId}/turns/${turnId}/resume`, {
    method: 'POST',
    as: 'admin',
    headers: { 'Idempotency-Key': key },
  })

const outcome = (id: string, text = '/home/user/analysis\n') => ({
  type: 'tool_result',
  id,
  name: 'bash',
  output: [{ type: 'text', text }],
  state: 'success',
})

describe('trace gate (builder.agent-api.trace-enabled, ROLE_ADMIN / ROLE_SESSION_TRACE)', () => {
  it('answers 404 on every trace route while tracing is disabled (the default)', async () => {
    h = await startEngine()
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst }, 'admin')
    for (const [path, method] of [
      ['', 'GET'],
      ['/recovery', 'GET'],
      ['/reconcile', 'POST'],
    ] as const) {
      expect((await trace(sessionId, path, { method, body: {} })).status).toBe(404)
    }
  })

  it('answers 403 "Session trace permission required" to an owner without the admin or session-trace role', async () => {
    h = await startEngine({}, { traceEnabled: true })
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst }, 'alice')
    const response = await trace(sessionId, '/recovery', { as: 'alice' })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ message: 'Session trace permission required' })
  })

  it('pages the native journal and refuses a cursor beyond the durable head with 409', async () => {
    h = await startEngine({}, { traceEnabled: true })
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst }, 'admin')
    await h.submit(sessionId, 'Run `pwd`.', 'admin')
    await h.run()
    const page = (await (await trace(sessionId, '?after=0&limit=500')).json()) as {
      data: { type: string; seq: number }[]
      as_of_seq: number
    }
    expect(page.data.map((fact) => fact.type)).toEqual([
      'run/start',
      'tool/dispatch',
      'action/end',
      'run/end',
      // A completed run commits its state (lib/checkpoints.ts).
      'state/checkpoint',
    ])
    expect((await trace(sessionId, `?after=${page.as_of_seq + 1}`)).status).toBe(409)
    expect((await trace(sessionId, '?limit=501')).status).toBe(400)
  })
})

describe('recovery and reconcile (SessionProjection, SessionRecovery)', () => {
  it('counts a call dispatched without a result as uncertain and its run as still active', async () => {
    const { sessionId, turn, recovery } = await lostMidTool()
    expect(recovery.uncertainToolCalls).toHaveLength(1)
    expect(recovery.activeRuns).toHaveLength(1)
    expect(h.turn(sessionId, turn.id).status).toBe('interrupted')
  })

  it('leaves nothing uncertain once a dispatched call ends with a result (action/end)', async () => {
    h = await startEngine({}, { traceEnabled: true })
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst }, 'admin')
    const first = await h.submit(sessionId, 'Run `pwd`.', 'admin')
    await h.run()
    expect(h.turn(sessionId, first.id).status).toBe('completed')
    const recovery = (await (await trace(sessionId, '/recovery')).json()) as Projection
    expect(recovery).toMatchObject({ uncertainToolCalls: [], activeRuns: [] })
  })

  it('refuses a blank reason or empty outcomes: "Explicit outcomes and reason required"', async () => {
    const { sessionId, recovery } = await lostMidTool()
    const id = recovery.uncertainToolCalls[0] ?? ''
    for (const body of [
      { reason: '  ', outcomes: { [id]: outcome(id) } },
      { reason: 'checked', outcomes: {} },
    ]) {
      const response = await trace(sessionId, '/reconcile', { method: 'POST', body })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ message: 'Explicit outcomes and reason required' })
    }
  })

  it('refuses a set other than the uncertain set and a result whose id differs from its key', async () => {
    const { sessionId, recovery } = await lostMidTool()
    const id = recovery.uncertainToolCalls[0] ?? ''
    const other = await trace(sessionId, '/reconcile', {
      method: 'POST',
      body: { reason: 'checked', outcomes: { [id]: outcome(id), toolu_other: outcome('toolu_other') } },
    })
    expect(await other.json()).toMatchObject({ message: 'Supply exactly the unresolved tool outcomes' })
    const mismatched = await trace(sessionId, '/reconcile', {
      method: 'POST',
      body: { reason: 'checked', outcomes: { [id]: outcome('toolu_other') } },
    })
    expect(mismatched.status).toBe(400)
    expect(await mismatched.json()).toMatchObject({
      message: 'Mismatched or suspended reconciliation result',
    })
    expect(((await (await trace(sessionId, '/recovery')).json()) as Projection).uncertainToolCalls).toEqual([
      id,
    ])
  })

  it('accepts a resume while a call is uncertain, then fails its run; after reconcile a resume completes the turn', async () => {
    const { sessionId, turn, recovery } = await lostMidTool()
    const id = recovery.uncertainToolCalls[0] ?? ''
    expect((await resume(sessionId, turn.id, 'resume-1')).status).toBe(202)
    await h.run()
    expect(h.turn(sessionId, turn.id)).toMatchObject({ status: 'failed', errorCode: 'turn_failed' })
    const failure = h.record(sessionId).events.findLast((event) => event.type === 'session.error')
    expect(JSON.stringify(failure?.data)).toContain(
      `Explicit reconciliation required for unknown tool outcomes: [${id}]`,
    )

    const reconciled = await trace(sessionId, '/reconcile', {
      method: 'POST',
      body: { reason: 'Checked the sandbox: pwd ran', outcomes: { [id]: outcome(id) } },
    })
    expect(reconciled.status).toBe(200)
    expect(await reconciled.json()).toMatchObject({ uncertainToolCalls: [], activeRuns: [] })
    const facts = (await (await trace(sessionId, '?limit=500')).json()) as {
      data: { type: string; data: Record<string, unknown> }[]
    }
    expect(facts.data.slice(-3).map((fact) => fact.type)).toEqual([
      'tool/result',
      'recovery/applied',
      'state/checkpoint',
    ])
    expect(facts.data.at(-2)?.data).toMatchObject({
      resolvedToolCallIds: [id],
      reason: 'Checked the sandbox: pwd ran',
    })

    expect((await resume(sessionId, turn.id, 'resume-2')).status).toBe(202)
    await h.run()
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
    const completed = h
      .record(sessionId)
      .events.find((event) => event.type === 'tool.completed' && event.data.tool_call_id === id)
    expect(completed?.data.result).toMatchObject({ content: '/home/user/analysis\n' })
  })
})
