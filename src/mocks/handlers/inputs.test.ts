import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AGENT, ENV } from '../seed/fixture-ids'
import { expectInOrder, startEngine, stopEngine, type EngineHarness } from '../testing/engine-harness'
import { readJson } from '../testing/session-harness'

/**
 * Steer, inject and the inputs ledger over HTTP, as upstream's code answers them (agentscope-java
 * at b589d28e): SessionInputService.accept (service-dataplane …/web/managed/SessionInputService.java),
 * SessionInbox.Transaction.accept (agentscope-core …/session/SessionInbox.java),
 * SessionRecovery.rejectSteering, and AgentSessionView's `inputs` index for GET inputs.
 */
type Receipt = { input_id: string; turn_id: string | null; kind: string; status: string }
type Envelope = { type: string; data: Record<string, unknown> }

let h: EngineHarness
let sessionId: string

beforeEach(async () => {
  h = await startEngine()
  sessionId = await h.createSession({ agent: AGENT.triageBot, environmentId: ENV.dataplaneLocal })
})
afterEach(() => stopEngine(h))

const steer = (turnId: string, body: unknown, key: string) =>
  h.post(`/api/v1/agent-sessions/${sessionId}/turns/${turnId}/steer`, body, key)
const inject = (body: unknown, key: string) =>
  h.post(`/api/v1/agent-sessions/${sessionId}/inputs/inject`, body, key)
const inputs = async () =>
  (
    await readJson<{ data: Envelope[]; as_of: string }>(
      await h.call(`/api/v1/agent-sessions/${sessionId}/inputs`),
    )
  ).data

async function runningLongTurn() {
  const turn = await h.submit(sessionId, 'Work through the checklist step by step.')
  for (let waited = 0; waited < 10_000 && h.turn(sessionId, turn.id).status !== 'running'; waited += 50) {
    await h.run(50)
  }
  expect(h.turn(sessionId, turn.id).status).toBe('running')
  return turn
}

describe('SessionInputService.accept: steering', () => {
  it('accepts steering for the current running turn with a live run (202, status accepted, input.accepted)', async () => {
    const turn = await runningLongTurn()
    const response = await steer(turn.id, { message: 'Skip the optional steps.' }, 'steer-1')
    expect(response.status).toBe(202)
    const receipt = await readJson<Receipt>(response)
    expect(receipt).toMatchObject({ turn_id: turn.id, kind: 'steer', status: 'accepted' })
    expect(h.turnTypes(sessionId, turn.id)).toContain('input.accepted')
    await h.checkLog(sessionId)
  })

  it('applies steering at the next step boundary: a user item, then input.applied on the run', async () => {
    const turn = await runningLongTurn()
    const receipt = await readJson<Receipt>(
      await steer(turn.id, { message: 'Skip the optional steps.' }, 'k'),
    )
    await h.run(2_000)
    const events = h.turnEvents(sessionId, turn.id)
    const applied = events.find((event) => event.type === 'input.applied')
    const runId = events.find((event) => event.type === 'run.started')?.data.run_id
    expect(applied?.data).toMatchObject({
      input_id: receipt.input_id,
      status: 'applied',
      kind: 'steer',
      run_id: runId,
    })
    const userItem = events.find(
      (event) =>
        event.type === 'item.completed' &&
        (event.data.item as { input_id?: unknown }).input_id === receipt.input_id,
    )
    expect(userItem).toBeDefined()
    expectInOrder(h.turnTypes(sessionId, turn.id), ['input.accepted', 'item.completed', 'input.applied'])
    const [ledger] = await inputs()
    expect(ledger).toMatchObject({
      type: 'input.applied',
      data: { input_id: receipt.input_id, status: 'applied' },
    })
    await h.checkLog(sessionId)
  })

  it('409 "The requested turn no longer accepts steering" once the turn is over', async () => {
    const turn = await h.submit(sessionId, 'Hello there')
    await h.run(60_000)
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
    const response = await steer(turn.id, { message: 'too late' }, 'late')
    expect(response.status).toBe(409)
    expect(await readJson<{ message: string }>(response)).toMatchObject({
      message: 'The requested turn no longer accepts steering',
    })
  })

  it('409 for a turn that is queued (no run lease yet)', async () => {
    const turn = await h.submit(sessionId, 'Work through it step by step')
    expect((await steer(turn.id, { message: 'early' }, 'early')).status).toBe(409)
  })

  it('input_id is stable per (user, session, key): same key and body → the same receipt, even after the turn ended', async () => {
    const turn = await runningLongTurn()
    const first = await readJson<Receipt>(await steer(turn.id, { message: 'Same' }, 'retry'))
    const again = await readJson<Receipt>(await steer(turn.id, { message: 'Same' }, 'retry'))
    expect(again.input_id).toBe(first.input_id)
    await h.run(120_000)
    const late = await steer(turn.id, { message: 'Same' }, 'retry')
    expect(late.status).toBe(202)
    expect(await readJson<Receipt>(late)).toMatchObject({ input_id: first.input_id, status: 'applied' })
    expect((await inputs()).length).toBe(1)
  })

  it('same key with another body → 409 "Idempotency key already used for different input"', async () => {
    const turn = await runningLongTurn()
    await steer(turn.id, { message: 'One' }, 'reused')
    const response = await steer(turn.id, { message: 'Two' }, 'reused')
    expect(response.status).toBe(409)
    expect(await readJson<{ message: string }>(response)).toMatchObject({
      message: 'Idempotency key already used for different input',
    })
    // The key names the input, not the route: injecting under it is another input too.
    expect((await inject({ message: 'One' }, 'reused')).status).toBe(409)
  })

  it('Idempotency-Key is required and holds 1..256 characters (400)', async () => {
    const turn = await runningLongTurn()
    expect(
      (await h.post(`/api/v1/agent-sessions/${sessionId}/turns/${turn.id}/steer`, { message: 'x' })).status,
    ).toBe(400)
    expect((await steer(turn.id, { message: 'x' }, 'k'.repeat(257))).status).toBe(400)
  })

  it('AgentInput holds 1–100 input messages (400 outside)', async () => {
    const turn = await runningLongTurn()
    const message = { role: 'user', content: [{ type: 'text', text: 'x' }] }
    expect((await steer(turn.id, { input: [] }, 'none')).status).toBe(400)
    expect((await steer(turn.id, { input: Array.from({ length: 101 }, () => message) }, 'many')).status).toBe(
      400,
    )
    expect(
      (
        await steer(
          turn.id,
          { input: [message, { role: 'user', content: [{ type: 'file', file_id: 'file_1' }] }] },
          'two',
        )
      ).status,
    ).toBe(202)
  })
})

describe('SessionRecovery.rejectSteering', () => {
  it("cancel rejects the turn's unapplied steering with reason turn_cancelled", async () => {
    const turn = await runningLongTurn()
    const receipt = await readJson<Receipt>(await steer(turn.id, { message: 'never applied' }, 'cancel-me'))
    const cancel = await h.post(
      `/api/v1/agent-sessions/${sessionId}/turns/${turn.id}/cancel`,
      undefined,
      'c1',
    )
    expect(cancel.status).toBe(202)
    const rejected = h.turnEvents(sessionId, turn.id).find((event) => event.type === 'input.rejected')
    expect(rejected?.data).toMatchObject({
      input_id: receipt.input_id,
      status: 'rejected',
      reason: 'turn_cancelled',
    })
    const ledger = await inputs()
    expect(ledger.map((input) => [input.type, input.data.reason])).toEqual([
      ['input.rejected', 'turn_cancelled'],
    ])
    // A retry of the same steer reads the final state.
    expect(
      await readJson<Receipt>(await steer(turn.id, { message: 'never applied' }, 'cancel-me')),
    ).toMatchObject({
      status: 'rejected',
    })
  })
})

describe('AgentSessionInputsController: inject', () => {
  it("accepts while idle (turn_id null), keeps the input, and applies it at the next turn's first step", async () => {
    const response = await inject({ message: 'The staging database is read-only today.' }, 'ctx-1')
    expect(response.status).toBe(202)
    const receipt = await readJson<Receipt>(response)
    expect(receipt).toMatchObject({ turn_id: null, kind: 'inject', status: 'accepted' })
    await h.run(60_000)
    expect((await inputs())[0]).toMatchObject({ type: 'input.accepted' })
    const turn = await h.submit(sessionId, 'Hello there')
    await h.run(60_000)
    const applied = h.turnEvents(sessionId, turn.id).find((event) => event.type === 'input.applied')
    expect(applied?.data).toMatchObject({ input_id: receipt.input_id, kind: 'inject', turn_id: turn.id })
    await h.checkLog(sessionId)
  })

  it("inputs are the owner's only: another user gets 404 for GET inputs and inject", async () => {
    expect((await h.call(`/api/v1/agent-sessions/${sessionId}/inputs`, { as: 'bob' })).status).toBe(404)
    const other = await h.call(`/api/v1/agent-sessions/${sessionId}/inputs/inject`, {
      method: 'POST',
      as: 'bob',
      body: { message: 'x' },
      headers: { 'Idempotency-Key': 'b' },
    })
    expect(other.status).toBe(404)
  })
})
