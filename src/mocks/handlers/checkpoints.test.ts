import { afterEach, describe, expect, it } from 'vitest'
import { AGENT } from '../seed/fixture-ids'
import { startEngine, stopEngine, type EngineHarness } from '../testing/engine-harness'

/**
 * Checkpoints, restore and fork over HTTP, as upstream's code behaves at b589d28e:
 * service-dataplane/…/web/api/AgentSessionCheckpointsController.java (routes, fork's own 400, 201),
 * service-dataplane/…/web/managed/SessionCheckpointService.java (list, restore: requireSettled,
 * idempotency by operation id, the selected checkpoint's dispatched tools, the committed fact),
 * service-dataplane/…/web/managed/SessionTurnInbox.java cancel + agentscope-core/…/session/
 * SessionRecovery.java cancelPending (a failed or interrupted turn is cancelled, not while uncertain),
 * and CommittedSessionEventProjector.java (state/restored → session.restored,
 * migration/baseline → session.context_initialized).
 */
let h: EngineHarness
afterEach(() => stopEngine(h))

type Checkpoint = {
  checkpoint_id: string
  turn_id: string | null
  run_id: string | null
  reason: string | null
}
type Receipt = { source_session_id: string; session_id: string; checkpoint_id: string; operation_id: string }

const checkpoints = async (sessionId: string, query = '') =>
  h.call(`/api/v1/agent-sessions/${sessionId}/checkpoints${query}`, { as: 'alice' })

const listed = async (sessionId: string) =>
  ((await (await checkpoints(sessionId)).json()) as { data: Checkpoint[] }).data

const restore = (sessionId: string, body: unknown, key = 'restore-1') =>
  h.call(`/api/v1/agent-sessions/${sessionId}/checkpoints/restore`, {
    method: 'POST',
    as: 'alice',
    body,
    headers: { 'Idempotency-Key': key },
  })

const fork = (sessionId: string, body: unknown, key = 'fork-1') =>
  h.call(`/api/v1/agent-sessions/${sessionId}/fork`, {
    method: 'POST',
    as: 'alice',
    body,
    headers: { 'Idempotency-Key': key },
  })

const cancel = (sessionId: string, turnId: string) =>
  h.call(`/api/v1/agent-sessions/${sessionId}/turns/${turnId}/cancel`, { method: 'POST', as: 'alice' })

/** A session with one completed turn (one checkpoint), then a turn that failed. */
async function completedThenFailed() {
  h = await startEngine()
  const sessionId = await h.createSession({ agent: AGENT.dataAnalyst }, 'alice')
  await h.submit(sessionId, 'Hello there.', 'alice')
  await h.run()
  const failed = await h.submit(sessionId, 'Simulate a model error please.', 'alice')
  await h.run()
  expect(h.turn(sessionId, failed.id).status).toBe('failed')
  const [checkpoint] = await listed(sessionId)
  return { sessionId, failed, checkpoint: checkpoint?.checkpoint_id ?? '' }
}

describe('checkpoint list (SessionCheckpointService.list)', () => {
  it('lists opaque cp_<eventId> handles of the journal checkpoints, never their state', async () => {
    h = await startEngine()
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst }, 'alice')
    const turn = await h.submit(sessionId, 'Hello there.', 'alice')
    await h.run()
    const response = await checkpoints(sessionId)
    expect(response.status).toBe(200)
    const text = await response.text()
    expect(text).not.toContain('stateJson')
    const page = JSON.parse(text) as { data: Checkpoint[]; has_more: boolean; next_cursor: string }
    expect(page.data).toHaveLength(1)
    expect(page.data[0]?.turn_id).toBe(turn.id)
    expect(page.data[0]?.checkpoint_id).toMatch(/^cp_/)
    expect(page).toMatchObject({ has_more: false, next_cursor: page.data[0]?.checkpoint_id })
  })

  it('refuses an unknown `after` with 400 "Unknown checkpoint cursor" and a limit outside 1..1000', async () => {
    h = await startEngine()
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst }, 'alice')
    const unknown = await checkpoints(sessionId, '?after=cp_nowhere')
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({ message: 'Unknown checkpoint cursor' })
    expect((await checkpoints(sessionId, '?limit=1001')).status).toBe(400)
  })
})

describe('restore (SessionCheckpointService.restore into the same session)', () => {
  it('refuses while a turn is failed, "Finish or cancel pending turns…"; after the cancel it restores', async () => {
    const { sessionId, failed, checkpoint } = await completedThenFailed()
    const refused = await restore(sessionId, { checkpoint_id: checkpoint, reason: 'roll back' })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({
      message: 'Finish or cancel pending turns before changing session state',
    })

    expect((await cancel(sessionId, failed.id)).status).toBe(202)
    expect(h.turn(sessionId, failed.id).status).toBe('cancelled')
    const eventsBefore = h.record(sessionId).events.length
    const restored = await restore(sessionId, { checkpoint_id: checkpoint, reason: 'roll back' })
    expect(restored.status).toBe(200)
    const receipt = (await restored.json()) as Receipt
    expect(receipt).toMatchObject({
      source_session_id: sessionId,
      session_id: sessionId,
      checkpoint_id: checkpoint,
      status: 'completed',
    })
    // History is not truncated: one public event more, session.restored.
    const events = h.record(sessionId).events
    expect(events).toHaveLength(eventsBefore + 1)
    expect(events.at(-1)).toMatchObject({
      type: 'session.restored',
      data: { checkpoint_id: checkpoint, operation_id: receipt.operation_id, reason: 'roll back' },
    })
    // The state/restored fact is itself a checkpoint.
    expect((await listed(sessionId)).map((item) => item.checkpoint_id)).toContain(
      `cp_restore_${receipt.operation_id.slice(0, 56)}`,
    )
    await h.checkLog(sessionId)
  })

  it('answers a retry with the same key the first receipt, and refuses the key with another request', async () => {
    const { sessionId, failed, checkpoint } = await completedThenFailed()
    await cancel(sessionId, failed.id)
    const first = (await (
      await restore(sessionId, { checkpoint_id: checkpoint, reason: 'a' })
    ).json()) as Receipt
    const again = await restore(sessionId, { checkpoint_id: checkpoint, reason: 'a' })
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual(first)
    expect(h.record(sessionId).events.filter((event) => event.type === 'session.restored')).toHaveLength(1)
    const other = await restore(sessionId, { checkpoint_id: checkpoint, reason: 'b' })
    expect(other.status).toBe(409)
    expect(await other.json()).toMatchObject({ message: 'Checkpoint key reused with different request' })
  })

  it('refuses an interrupted turn with an uncertain call, and its cancel until the call is reconciled', async () => {
    h = await startEngine()
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst }, 'alice')
    await h.submit(sessionId, 'Hello there.', 'alice')
    await h.run()
    const [checkpoint] = await listed(sessionId)
    await h.call('/__mock/faults', { method: 'PUT', body: { killRunMidTool: true } })
    const lost = await h.submit(sessionId, 'Run `pwd`.', 'alice')
    await h.run()
    expect(h.turn(sessionId, lost.id).status).toBe('interrupted')
    const refused = await restore(sessionId, { checkpoint_id: checkpoint?.checkpoint_id, reason: 'x' })
    expect(refused.status).toBe(409)
    const cancelled = await cancel(sessionId, lost.id)
    expect(cancelled.status).toBe(409)
    expect(await cancelled.json()).toMatchObject({
      error: 'session_history_conflict',
      message: 'Reconcile uncertain tool outcomes before cancelling this interrupted turn',
    })
    expect(h.turn(sessionId, lost.id).status).toBe('interrupted')
  })

  it('refuses while injected input waits unapplied: "Pending session input must be consumed before restore"', async () => {
    h = await startEngine()
    const sessionId = await h.createSession({ agent: AGENT.dataAnalyst }, 'alice')
    await h.submit(sessionId, 'Hello there.', 'alice')
    await h.run()
    const [checkpoint] = await listed(sessionId)
    const injected = await h.call(`/api/v1/agent-sessions/${sessionId}/inputs/inject`, {
      method: 'POST',
      as: 'alice',
      body: { message: 'Use metric units.' },
      headers: { 'Idempotency-Key': 'inject-1' },
    })
    expect(injected.status).toBe(202)
    const refused = await restore(sessionId, { checkpoint_id: checkpoint?.checkpoint_id, reason: 'x' })
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({
      message: 'Pending session input must be consumed before restore',
    })
  })

  it('answers 404 "Checkpoint not found" for an unknown checkpoint and 400 without a reason', async () => {
    const { sessionId, failed, checkpoint } = await completedThenFailed()
    await cancel(sessionId, failed.id)
    const unknown = await restore(sessionId, { checkpoint_id: 'cp_nowhere', reason: 'x' })
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ message: 'Checkpoint not found' })
    const blank = await restore(sessionId, { checkpoint_id: checkpoint, reason: '  ' }, 'restore-2')
    expect(blank.status).toBe(400)
    expect(await blank.json()).toMatchObject({ message: 'Key, checkpoint_id and reason are required' })
  })
})

describe('fork (AgentSessionCheckpointsController.fork → SessionCheckpointService.restore)', () => {
  it('refuses the source itself or no target with 400 "Create an empty target session before forking"', async () => {
    const { sessionId, checkpoint } = await completedThenFailed()
    for (const target of [undefined, sessionId]) {
      const response = await fork(sessionId, {
        checkpoint_id: checkpoint,
        reason: 'x',
        target_session_id: target,
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        message: 'Create an empty target session before forking',
      })
    }
  })

  it('refuses a target of another agent (409) and a target whose log is not empty (409)', async () => {
    const { sessionId, failed, checkpoint } = await completedThenFailed()
    await cancel(sessionId, failed.id)
    const otherAgent = await h.createSession({ agent: AGENT.docsWriter }, 'alice')
    const wrong = await fork(sessionId, {
      checkpoint_id: checkpoint,
      reason: 'x',
      target_session_id: otherAgent,
    })
    expect(wrong.status).toBe(409)
    expect(await wrong.json()).toMatchObject({ message: 'Fork target must use the same Agent' })

    const used = await h.createSession({ agent: AGENT.dataAnalyst }, 'alice')
    await h.submit(used, 'Hello there.', 'alice')
    await h.run()
    const full = await fork(sessionId, { checkpoint_id: checkpoint, reason: 'x', target_session_id: used })
    expect(full.status).toBe(409)
    expect(await full.json()).toMatchObject({ message: 'Fork destination must be empty' })
  })

  it('writes the baseline into an empty target (201), leaves the source as it was, and answers a retry alike', async () => {
    const { sessionId, failed, checkpoint } = await completedThenFailed()
    await cancel(sessionId, failed.id)
    const target = await h.createSession({ agent: AGENT.dataAnalyst }, 'alice')
    const sourceEvents = h.record(sessionId).events.length
    const sourceFacts = h.record(sessionId).journal?.length
    const body = { checkpoint_id: checkpoint, reason: 'try another approach', target_session_id: target }
    const created = await fork(sessionId, body)
    expect(created.status).toBe(201)
    const receipt = (await created.json()) as Receipt
    expect(receipt).toMatchObject({
      source_session_id: sessionId,
      session_id: target,
      checkpoint_id: checkpoint,
    })
    expect(h.record(sessionId).events).toHaveLength(sourceEvents)
    expect(h.record(sessionId).journal).toHaveLength(sourceFacts ?? 0)

    const baseline = h.record(target).events.at(-1)
    expect(baseline).toMatchObject({
      type: 'session.context_initialized',
      data: { coverage: 'baseline_only' },
    })
    const items = baseline?.data.items as { role: string; content: { text: string }[] }[]
    expect(items.map((item) => item.role)).toEqual(['user', 'assistant'])
    expect(items[0]?.content[0]?.text).toBe('Hello there.')
    await h.checkLog(target)

    const retried = await fork(sessionId, body)
    expect(retried.status).toBe(201)
    expect(await retried.json()).toEqual(receipt)
    const anotherKey = await fork(sessionId, body, 'fork-2')
    expect(anotherKey.status).toBe(409)
    expect(await anotherKey.json()).toMatchObject({ message: 'Fork destination must be empty' })
  })
})
