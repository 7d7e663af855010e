import { afterEach, describe, expect, it } from 'vitest'
import { readSse } from '@/api/sse-reader'
import { ENV, SESSION } from '../seed/fixture-ids'
import { MORE_SESSIONS } from '../seed/seed-sessions'
import {
  startEngine,
  type EngineHarness,
  type PublicEvent,
  type Turn,
  stopEngine,
} from '../testing/engine-harness'
import { readJson } from '../testing/session-harness'
import { createMockControlClient } from '../lib/control-client'
import type { MockControlState } from '../lib/control-types'

/** Faults from config and the demo routes, idempotent commands, reset. */
let h: EngineHarness
afterEach(() => stopEngine(h))

const setFaults = (body: unknown) => h.call('/__mock/faults', { method: 'PUT', body })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Follows a session's stream the way the console does: on a dropped connection it reconnects with
 * Last-Event-ID. Stops once `isDone` says so.
 */
async function followWithResume(sessionId: string, isDone: (seen: PublicEvent[]) => boolean) {
  const seen: PublicEvent[] = []
  let lastId: string | undefined
  let drops = 0
  let connections = 0
  for (; !isDone(seen); connections += 1) {
    // A stream that never gets anywhere must fail the test, not spin it forever.
    if (connections > 2_000)
      throw new Error(`no progress after ${connections} connections (${seen.length} events)`)
    await sleep(0)
    const controller = new AbortController()
    const response = await h.open(`/api/v1/agent-sessions/${sessionId}/events/stream`, {
      headers: lastId ? { 'Last-Event-ID': lastId } : {},
      signal: controller.signal,
    })
    expect(response.status).toBe(200)
    try {
      for await (const message of readSse(response.body ?? new ReadableStream(), {
        signal: controller.signal,
      })) {
        seen.push(JSON.parse(message.data) as PublicEvent)
        lastId = message.id
        if (isDone(seen)) controller.abort()
      }
    } catch {
      drops += 1
    }
  }
  return { seen, drops, connections }
}

describe('injected API faults', () => {
  it('answers a route’s share of requests with 5xx and leaves other routes alone', async () => {
    h = await startEngine()
    await setFaults({ errorRates: [{ method: 'GET', path: '/api/environments', rate: 1, status: 502 }] })
    const failed = await h.open('/api/environments')
    expect(failed.status).toBe(502)
    expect(await failed.json()).toMatchObject({ code: 'injected_fault' })
    expect((await h.call(`/api/environments/${ENV.buildWorkers}`)).status).toBe(200)

    await setFaults({ errorRates: [{ path: '/api/v1/agent-sessions*', rate: 0.5 }] })
    let failures = 0
    for (let i = 0; i < 40; i += 1) if ((await h.open('/api/v1/agent-sessions')).status === 503) failures += 1
    expect(failures).toBeGreaterThan(8)
    expect(failures).toBeLessThan(32)
    await setFaults({ errorRates: [] })
    expect((await h.call('/api/v1/agent-sessions')).status).toBe(200)
  })

  it('can lose the answer after acting: a repeat with the same Idempotency-Key finds the turn already made', async () => {
    h = await startEngine()
    const sessionId = MORE_SESSIONS.fresh
    const path = `/api/v1/agent-sessions/${sessionId}/turns`
    await setFaults({
      errorRates: [{ method: 'POST', path: `${path}*`, rate: 1, status: 503, lostAnswerShare: 1 }],
    })
    // Injected faults are outside the contract on purpose, so this call skips its validation.
    const lost = await h.open(path, {
      method: 'POST',
      body: { message: 'Hello' },
      headers: { 'Idempotency-Key': 'lost-answer-key' },
    })
    expect(lost.status).toBe(503)
    // The server acted although the caller never heard back.
    expect(h.record(sessionId).turns).toHaveLength(1)
    const counted = await readJson<MockControlState>(await h.call('/__mock/state'))
    expect(counted.counts.turns).toBeGreaterThanOrEqual(1)

    await setFaults({ errorRates: [] })
    const repeat = await h.post(path, { message: 'Hello' }, 'lost-answer-key')
    expect(repeat.status).toBe(202)
    expect(((await repeat.json()) as Turn).id).toBe(h.record(sessionId).turns[0]?.id)
    expect(h.record(sessionId).turns).toHaveLength(1)
    expect((await readJson<MockControlState>(await h.call('/__mock/state'))).counts.turns).toBe(
      counted.counts.turns,
    )
  })

  it('adds latency to every API answer', async () => {
    h = await startEngine()
    await setFaults({ latencyMs: 60 })
    const started = performance.now()
    await h.call('/api/auth/me')
    expect(performance.now() - started).toBeGreaterThanOrEqual(55)
  })
})

describe('dropped event streams', () => {
  it('cut after N events: resuming with Last-Event-ID finds no gap and no duplicate', async () => {
    h = await startEngine()
    await setFaults({ streamDropAfterEvents: 37 })
    const log = h.record(SESSION.largeHistory).events
    const { seen, connections } = await followWithResume(
      SESSION.largeHistory,
      (events) => events.length >= log.length,
    )
    expect(connections).toBe(Math.ceil(log.length / 37))
    expect(seen.map((event) => event.id)).toEqual(log.map((event) => event.id))
  })

  it('cut every N ms while a turn is running live: no gap and no duplicate', async () => {
    h = await startEngine()
    await setFaults({ streamDropEveryMs: 25 })
    const sessionId = MORE_SESSIONS.fresh
    const turn = await h.submit(sessionId, 'Give me a long, verbose output.')
    let isDriving = true
    const driver = (async () => {
      while (isDriving && h.turn(sessionId, turn.id).status !== 'completed') {
        await h.run(400)
        await sleep(3)
      }
    })()
    const { seen, drops } = await followWithResume(
      sessionId,
      (events) =>
        h.turn(sessionId, turn.id).status === 'completed' &&
        events.length === h.record(sessionId).events.length,
    )
    isDriving = false
    await driver
    expect(drops).toBeGreaterThan(0)
    expect(seen.map((event) => event.id)).toEqual(h.record(sessionId).events.map((event) => event.id))
  })
})

describe('idempotent commands', () => {
  it('replays cancel and resume for the same key and body, and 409s another body', async () => {
    h = await startEngine()
    const sessionId = MORE_SESSIONS.fresh
    const turn = await h.submit(sessionId, 'Simulate a model error.')
    await h.run()
    const resumePath = `/api/v1/agent-sessions/${sessionId}/turns/${turn.id}/resume`
    const first = await h.post(resumePath, undefined, 'resume-key')
    const again = await h.post(resumePath, undefined, 'resume-key')
    expect(first.status).toBe(202)
    expect(again.status).toBe(202)
    expect(await readJson<Turn>(again)).toEqual(await readJson<Turn>(first))
    expect((await h.post(resumePath, { reason: 'other' }, 'resume-key')).status).toBe(409)
    await h.run(100)

    const cancelPath = `/api/v1/agent-sessions/${sessionId}/turns/${turn.id}/cancel`
    const cancelled = await h.post(cancelPath, undefined, 'cancel-key')
    expect(cancelled.status).toBe(202)
    const replay = await h.post(cancelPath, undefined, 'cancel-key')
    expect(replay.status).toBe(202)
    expect(await readJson<Turn>(replay)).toEqual(await readJson<Turn>(cancelled))
    // Without the key the turn is terminal by now: a fresh cancel is a conflict.
    expect((await h.post(cancelPath, undefined, 'cancel-key-2')).status).toBe(409)
    expect((await h.post(cancelPath, { reason: 'x' }, 'cancel-key')).status).toBe(409)
    expect(h.record(sessionId).turns).toHaveLength(1)
  })

  it('replays an action answer and 409s a different answer with the same key', async () => {
    h = await startEngine()
    const sessionId = MORE_SESSIONS.fresh
    const turn = await h.submit(sessionId, 'Publish the announcement.')
    await h.run()
    const requestId = h
      .turnEvents(sessionId, turn.id)
      .find((event) => event.type === 'required_action.created')?.data.request_id
    const path = `/api/v1/agent-sessions/${sessionId}/turns/${turn.id}/actions`
    const body = { answers: [{ request_id: requestId, allow: true }] }
    expect((await h.post(path, body, 'answer-key')).status).toBe(202)
    expect((await h.post(path, body, 'answer-key')).status).toBe(202)
    expect(
      (await h.post(path, { answers: [{ request_id: requestId, allow: false }] }, 'answer-key')).status,
    ).toBe(409)
    expect(h.record(sessionId).actionCommands).toHaveLength(1)
  })
})

describe('demo controls', () => {
  it('report state, clear faults and reset the demo data', async () => {
    h = await startEngine({ virtualWorkers: 'demo' })
    await setFaults({ latencyMs: 1, workersOffline: true })
    const state = await readJson<MockControlState>(await h.call('/__mock/state'))
    expect(state.faults).toMatchObject({ latencyMs: 1, workersOffline: true })
    expect(state.workers.map((worker) => [worker.workerId, worker.state])).toEqual([
      ['worker-a', 'stopped'],
      ['worker-b', 'stopped'],
    ])
    expect(state.policy).toEqual({
      allowLocalEnvironments: true,
      hasDeploymentE2bKey: false,
      workStaleMs: 60_000,
      apiVariant: 'code',
    })
    const cleared = await readJson<MockControlState['faults']>(
      await h.call('/__mock/faults', { method: 'DELETE' }),
    )
    expect(cleared).toMatchObject({ latencyMs: 0, workersOffline: false })

    const created = await readJson<{ id: string }>(
      await h.call('/api/environments', { method: 'POST', body: { name: 'temporary', type: 'remote' } }),
    )
    await h.submit(MORE_SESSIONS.fresh, 'Hello')
    expect((await h.call('/__mock/reset', { method: 'POST' })).status).toBe(204)
    expect((await h.call(`/api/environments/${created.id}`)).status).toBe(404)
    expect(h.record(MORE_SESSIONS.fresh).turns).toEqual([])
    expect(h.backend.db.turnRuns.size).toBe(0)
    // worker-b holds the seeded build-active claim again.
    expect(
      (await readJson<MockControlState>(await h.call('/__mock/state'))).workers.map((worker) => worker.state),
    ).toEqual(['polling', 'working'])
    expect((await h.call('/__mock/workers/nobody/restart', { method: 'POST' })).status).toBe(404)
  })

  it('are reachable through the typed client the Demo panel uses', async () => {
    h = await startEngine({ virtualWorkers: 'demo' })
    const client = createMockControlClient('http://localhost')
    expect(await client.setFaults({ latencyJitterMs: 3 })).toMatchObject({ latencyJitterMs: 3 })
    expect((await client.state()).faults.latencyJitterMs).toBe(3)
    expect(await client.killWorker('worker-a')).toMatchObject({ state: 'killed' })
    expect(await client.restartWorker('worker-a')).toMatchObject({ state: 'polling' })
    expect((await client.listWorkers()).map((worker) => worker.workerId)).toEqual(['worker-a', 'worker-b'])
    await expect(client.killWorker('nobody')).rejects.toMatchObject({ status: 404 })
    expect(await client.clearFaults()).toMatchObject({ latencyJitterMs: 0 })
  })
})
