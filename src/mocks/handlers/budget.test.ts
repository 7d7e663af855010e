import { afterEach, describe, expect, it } from 'vitest'
import { AGENT } from '../seed/fixture-ids'
import { startEngine, stopEngine, type EngineHarness } from '../testing/engine-harness'
import { BUDGET_INVALID_MESSAGE, type BudgetUsage } from '../lib/session-budget'
import { MORE_SESSIONS } from '../seed/seed-sessions'

/**
 * The session-tree budget over HTTP, as upstream's code behaves at b589d28e:
 * service-dataplane/…/web/api/AgentSessionBudgetController.java (GET reconciles then reads, PUT
 * configures), service-dataplane/…/web/managed/SessionBudgetService.java (configure's one 400,
 * the ledger's version as `revision`, `reserve` before each model call with its checks in order,
 * `settle` after it, `totals`), and SessionUsagePricingConfiguration.java (unknown model → no price).
 */
let h: EngineHarness
afterEach(() => stopEngine(h))

type Budget = {
  limits: Record<string, unknown>
  usage: BudgetUsage
  revision: number
  scope: string
  enforcement: string
}

const path = (sessionId: string) => `/api/v1/agent-sessions/${sessionId}/budget`
const read = async (sessionId: string, as: 'alice' | 'bob' | 'admin' = 'alice') =>
  (await (await h.call(path(sessionId), { as })).json()) as Budget
const put = (sessionId: string, body: unknown, as: 'alice' | 'bob' | 'admin' = 'alice') =>
  h.call(path(sessionId), { method: 'PUT', body, as })

async function session(agent: string = AGENT.dataAnalyst) {
  h ??= await startEngine()
  return h.createSession({ agent })
}

const exceeded = (sessionId: string) =>
  h.record(sessionId).events.filter((event) => event.type === 'budget.exceeded')

describe('GET/PUT {S}/budget (AgentSessionBudgetController, SessionBudgetService.get/configure)', () => {
  it('reads an unwritten ledger as no limits, zero usage, revision 0, scope session_tree, enforced before each model call', async () => {
    h = await startEngine()
    const sessionId = await session()
    expect(await read(sessionId)).toEqual({
      limits: {},
      usage: {
        model_calls: 0,
        total_tokens: 0,
        estimated_cost: 0,
        currency: null,
        cost_complete: true,
        unreported_calls: 0,
        unpriced_calls: 0,
        in_flight_calls: 0,
      },
      revision: 0,
      scope: 'session_tree',
      enforcement: 'before_model_call',
    })
  })

  it('replaces every limit on PUT, clears them with {}, bumps the revision on each write, and has no version check', async () => {
    h = await startEngine()
    const sessionId = await session()
    const first = (await (
      await put(sessionId, { max_model_calls: 5, max_total_tokens: 9000 })
    ).json()) as Budget
    expect(first.limits).toEqual({ max_model_calls: 5, max_total_tokens: 9000 })
    expect(first.revision).toBe(1)
    // A second writer that never read revision 1 still wins: the body names no revision, and a
    // stray `revision` property is ignored like any unknown one.
    const second = (await (
      await put(sessionId, { max_cost: 0.5, currency: 'USD', revision: 0 })
    ).json()) as Budget
    expect(second.limits).toEqual({ max_cost: 0.5, currency: 'USD' })
    expect(second.revision).toBe(2)
    const cleared = (await (await put(sessionId, {})).json()) as Budget
    expect(cleared.limits).toEqual({})
    expect(cleared.revision).toBe(3)
    expect((await read(sessionId)).revision).toBe(3)
  })

  it.each([
    ['zero model calls', { max_model_calls: 0 }],
    ['negative tokens', { max_total_tokens: -10 }],
    ['a zero cost', { max_cost: 0, currency: 'USD' }],
    ['a cost limit without a currency', { max_cost: 2 }],
    ['a lower-case currency', { max_cost: 2, currency: 'usd' }],
    ['a currency of two letters', { max_cost: 2, currency: 'US' }],
  ])(
    'answers 400 "Budget limits must be positive; cost requires a currency" to %s and keeps the limits',
    async (_, body) => {
      h = await startEngine()
      const sessionId = await session()
      await put(sessionId, { max_model_calls: 3 })
      const response = await put(sessionId, body)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ message: BUDGET_INVALID_MESSAGE })
      const budget = await read(sessionId)
      expect(budget.limits).toEqual({ max_model_calls: 3 })
      expect(budget.revision).toBe(1)
    },
  )

  it('keeps a currency only beside a cost limit', async () => {
    h = await startEngine()
    const sessionId = await session()
    const budget = (await (await put(sessionId, { max_model_calls: 2, currency: 'EUR' })).json()) as Budget
    expect(budget.limits).toEqual({ max_model_calls: 2 })
  })

  it('answers 404 on both routes for a session of another user (DataSessionService.get filters on the caller)', async () => {
    h = await startEngine()
    const sessionId = await session()
    expect((await h.call(path(sessionId), { as: 'admin' })).status).toBe(404)
    expect((await put(sessionId, {}, 'admin')).status).toBe(404)
  })
})

describe('reserve before each model call, settle after (SessionBudgetService.policy)', () => {
  it('counts a call in flight while the model streams, then its reported tokens and its price', async () => {
    h = await startEngine({ timing: { startMs: 10, stepMs: 10, textChunkMs: 1_000, toolChunkMs: 10 } })
    const sessionId = await session()
    await h.submit(sessionId, 'Hello there')
    await h.run(100)
    const during = await read(sessionId)
    expect(during.usage).toMatchObject({ model_calls: 1, in_flight_calls: 1, total_tokens: 0 })
    await h.run(600_000)
    const after = await read(sessionId)
    const recorded = h
      .record(sessionId)
      .events.filter((event) => event.type === 'usage.recorded')
      .map((event) => (event.data.usage as { total_tokens: number }).total_tokens)
    expect(after.usage).toMatchObject({
      model_calls: 1,
      in_flight_calls: 0,
      total_tokens: recorded.reduce((sum, tokens) => sum + tokens, 0),
      currency: 'USD',
      cost_complete: true,
      unpriced_calls: 0,
    })
    expect(after.usage.estimated_cost).toBeGreaterThan(0)
    // Each reservation and settlement is a write of the ledger: the revision moved with them.
    expect(after.revision).toBe(2)
  })

  it('fails the turn with budget.exceeded {limit: max_model_calls} when the next call would pass the limit, counting only admitted calls', async () => {
    h = await startEngine()
    const sessionId = await session()
    await put(sessionId, { max_model_calls: 1 })
    const turn = await h.submit(sessionId, 'Run `pwd`.')
    await h.run()
    expect(h.turn(sessionId, turn.id).status).toBe('failed')
    const [event] = exceeded(sessionId)
    expect(event?.data).toMatchObject({ limit: 'max_model_calls', turn_id: turn.id })
    expect(typeof event?.data.model_call_id).toBe('string')
    expect(typeof event?.data.run_id).toBe('string')
    const errors = h.record(sessionId).events.filter((e) => e.type === 'session.error')
    expect(JSON.stringify(errors[0]?.data)).toContain(
      'Session budget prevented model execution: max_model_calls',
    )
    expect((await read(sessionId)).usage.model_calls).toBe(1)
    await h.checkLog(sessionId)
  })

  it('does not resume by itself after the limit is raised; an explicit resume continues at the refused call and completes', async () => {
    h = await startEngine()
    const sessionId = await session()
    await put(sessionId, { max_model_calls: 1 })
    const turn = await h.submit(sessionId, 'Run `pwd`.')
    await h.run()
    await put(sessionId, { max_model_calls: 2 })
    await h.run()
    expect(h.turn(sessionId, turn.id).status).toBe('failed')
    const resumed = await h.post(
      `/api/v1/agent-sessions/${sessionId}/turns/${turn.id}/resume`,
      undefined,
      'r1',
    )
    expect(resumed.status).toBe(202)
    await h.run()
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
    // The first call is not made again: two calls in all, the second the one refused before.
    expect((await read(sessionId)).usage.model_calls).toBe(2)
    expect(h.turnTypes(sessionId, turn.id).filter((type) => type === 'tool.completed')).toHaveLength(1)
    await h.checkLog(sessionId)
  })

  it('refuses a call with max_total_tokens once the tree has spent the limit', async () => {
    h = await startEngine()
    const sessionId = await session()
    await put(sessionId, { max_total_tokens: 1 })
    const turn = await h.submit(sessionId, 'Run `pwd`.')
    await h.run()
    expect(h.turn(sessionId, turn.id).status).toBe('failed')
    expect(exceeded(sessionId).map((event) => event.data.limit)).toEqual(['max_total_tokens'])
  })

  it('fails closed with usage_unavailable under a token limit once a call reported no usage', async () => {
    h = await startEngine()
    const sessionId = await session()
    await h.call('/__mock/faults', { method: 'PUT', body: { usageUnreported: true } })
    await put(sessionId, { max_total_tokens: 1_000_000 })
    const turn = await h.submit(sessionId, 'Run `pwd`.')
    await h.run()
    expect(h.turn(sessionId, turn.id).status).toBe('failed')
    expect(exceeded(sessionId).map((event) => event.data.limit)).toEqual(['usage_unavailable'])
    expect((await read(sessionId)).usage).toMatchObject({
      model_calls: 1,
      unreported_calls: 1,
      unpriced_calls: 1,
      cost_complete: false,
    })
  })

  it('fails closed with pricing_unavailable when the model has no price', async () => {
    h = await startEngine()
    const sessionId = await session(AGENT.triageBot)
    await put(sessionId, { max_cost: 10, currency: 'USD' })
    const turn = await h.submit(sessionId, 'Hello there')
    await h.run()
    expect(h.turn(sessionId, turn.id).status).toBe('failed')
    expect(exceeded(sessionId).map((event) => event.data.limit)).toEqual(['pricing_unavailable'])
    expect((await read(sessionId)).usage.model_calls).toBe(0)
  })

  it('fails closed with pricing_unavailable when the limit’s currency is not the price’s', async () => {
    h = await startEngine()
    const sessionId = await session()
    await put(sessionId, { max_cost: 10, currency: 'EUR' })
    await h.submit(sessionId, 'Hello there')
    await h.run()
    expect(exceeded(sessionId).map((event) => event.data.limit)).toEqual(['pricing_unavailable'])
  })

  it('counts an unpriced call as unpriced and the cost as incomplete', async () => {
    h = await startEngine()
    const sessionId = await session(AGENT.triageBot)
    const turn = await h.submit(sessionId, 'Hello there')
    await h.run()
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
    expect((await read(sessionId)).usage).toMatchObject({
      model_calls: 1,
      unpriced_calls: 1,
      cost_complete: false,
      currency: null,
    })
  })

  it('repairs on GET a reservation whose run ended without settling it: an unknown call with unreported usage', async () => {
    h = await startEngine({ timing: { startMs: 10, stepMs: 10, textChunkMs: 1_000, toolChunkMs: 10 } })
    const sessionId = await session()
    const turn = await h.submit(sessionId, 'Hello there')
    await h.run(100)
    expect((await read(sessionId)).usage.in_flight_calls).toBe(1)
    await h.post(`/api/v1/agent-sessions/${sessionId}/turns/${turn.id}/cancel`, undefined, 'c1')
    const budget = await read(sessionId)
    expect(budget.usage).toMatchObject({ in_flight_calls: 0, unreported_calls: 1, model_calls: 1 })
  })
})

describe('the seeded session over its budget', () => {
  it('holds two model calls against a limit of two, its last turn failed by budget.exceeded; raising the limit and resuming completes it', async () => {
    h = await startEngine()
    const sessionId = MORE_SESSIONS.overBudget
    const budget = await read(sessionId)
    expect(budget.limits).toEqual({ max_model_calls: 2 })
    expect(budget.usage).toMatchObject({
      model_calls: 2,
      in_flight_calls: 0,
      cost_complete: true,
      currency: 'USD',
    })
    const turn = h.record(sessionId).turns.at(-1)
    expect(turn?.status).toBe('failed')
    expect(exceeded(sessionId).map((event) => [event.data.limit, event.data.turn_id])).toEqual([
      ['max_model_calls', turn?.id],
    ])
    await put(sessionId, { max_model_calls: 6 })
    expect(
      (await h.post(`/api/v1/agent-sessions/${sessionId}/turns/${turn?.id}/resume`, undefined, 'r')).status,
    ).toBe(202)
    await h.run()
    expect(h.turn(sessionId, turn?.id ?? '').status).toBe('completed')
    await h.checkLog(sessionId)
  })
})
