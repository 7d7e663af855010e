import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { AGENT } from '../seed/fixture-ids'
import { startEngine, stopEngine, type EngineHarness } from '../testing/engine-harness'
import { readJson } from '../testing/session-harness'
import { ENVIRONMENT_KEY_HEADER } from './work'

/**
 * A second turn in the same self-hosted session, over the worker protocol's HTTP routes, with a
 * worker driven step by step as upstream's HandsWorkerMain runs: poll → ack → (pending tools by
 * session → post results, heartbeat) until 120 idle rounds → stop → poll. What the server does is
 * upstream's: SessionTurnRunner.runTurn calls HandsLeaseService.acquire at every run, which
 * enqueues (EnvironmentWorkQueue.enqueue → JdbcCoordinationStore.enqueueWork) only when the
 * session holds no lease, and release (turn completed, failTurn, interrupt) stops that one item
 * (stopWork) and forgets the lease. The pending-tools and tool-results handlers
 * (SelfHostedWorkerController, PendingHandsToolService.listPending) look at the session only,
 * never at the lease or the asking worker's item.
 */
type WorkItem = components['schemas']['WorkItem']
type PendingTool = components['schemas']['PendingTool']

let h: EngineHarness
let env: { id: string; apiKey: string }
let sessionId: string

beforeEach(async () => {
  h = await startEngine({ virtualWorkers: [] })
  env = await readJson(
    await h.call('/api/environments', {
      method: 'POST',
      body: { name: 'second-turn', type: 'self_hosted', config: {} },
    }),
  )
  sessionId = await h.createSession({ agent: AGENT.triageBot, environmentId: env.id })
})
afterEach(() => stopEngine(h))

/** One HandsWorkerMain process: its calls, made when the test says. */
function upstreamWorker(workerId: string) {
  const call = (path: string, method = 'GET', body?: unknown) =>
    h.call(`/api/environments/${env.id}${path}`, {
      method,
      headers: { [ENVIRONMENT_KEY_HEADER]: env.apiKey },
      ...(body === undefined ? {} : { body }),
    })
  return {
    poll: async (): Promise<WorkItem | null> => {
      const response = await call(`/work/poll?workerId=${workerId}&timeoutMs=25000`)
      return response.status === 204 ? null : readJson<WorkItem>(response)
    },
    ack: async (workId: string) => {
      const response = await call(`/work/${workId}/ack`, 'POST', { workerId, workDir: `/hands/${sessionId}` })
      expect(response.status).toBe(200)
    },
    heartbeat: async (workId: string) =>
      expect((await call(`/work/${workId}/heartbeat`, 'POST')).status).toBe(200),
    stop: async (workId: string) => expect((await call(`/work/${workId}/stop`, 'POST')).status).toBe(200),
    pendingTools: async () => readJson<PendingTool[]>(await call(`/sessions/${sessionId}/pending-tools`)),
    /** One round of the item loop that found tools: run them (here: answer them) and post the results. */
    serve: async (tools: PendingTool[]) => {
      const results = tools.map((tool) => ({
        tool_use_id: tool.id,
        name: tool.name,
        content: 'Exit code: 0\n\nok\n',
        is_error: false,
      }))
      expect((await call(`/sessions/${sessionId}/tool-results`, 'POST', { results })).status).toBe(200)
    },
  }
}

async function items(): Promise<WorkItem[]> {
  return readJson<WorkItem[]>(await h.call(`/api/environments/${env.id}/work`))
}

/** Runs the engine until the turn's run has started, and returns the session's items then. */
async function untilRunStarted(turnId: string): Promise<WorkItem[]> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (h.turnTypes(sessionId, turnId).includes('run.started')) return items()
    await h.run(50)
  }
  throw new Error('the run did not start')
}

/** Runs the engine until the turn waits for its tool, and returns the waiting calls. */
async function untilToolWaits(worker: ReturnType<typeof upstreamWorker>): Promise<PendingTool[]> {
  for (let waited = 0; waited < 30_000; waited += 500) {
    const tools = await worker.pendingTools()
    if (tools.length > 0) return tools
    await h.run(500)
  }
  throw new Error('no tool call waited')
}

async function firstTurnServedBy(worker: ReturnType<typeof upstreamWorker>) {
  const turn = await h.submit(sessionId, 'Run `echo one`.')
  // acquire runs at the run's start, before any tool call: the item is queued already.
  const [queued] = await untilRunStarted(turn.id)
  expect(queued).toMatchObject({ sessionId, status: 'queued', claimedBy: null })
  const claimed = await worker.poll()
  expect(claimed).toMatchObject({ id: queued?.id, status: 'starting' })
  await worker.ack(claimed?.id ?? '')
  await worker.serve(await untilToolWaits(worker))
  await h.run(30_000)
  expect(h.turn(sessionId, turn.id).status).toBe('completed')
  // release: the lease's item straight to stopped, still naming its worker.
  expect(await items()).toEqual([expect.objectContaining({ id: queued?.id, status: 'stopped' })])
  return queued?.id ?? ''
}

describe('a second turn in the same session', () => {
  it('HandsLeaseService: after release the next turn acquires a new item; a restarted worker (new id) polls and claims it at once', async () => {
    const worker = upstreamWorker('worker-1')
    const first = await firstTurnServedBy(worker)

    // The worker process is restarted between the turns: a new id, polling. A stopped item is
    // not claimable (findClaimableForPoll: queued, or starting/active gone stale).
    const restarted = upstreamWorker('worker-2')
    expect(await restarted.poll()).toBeNull()
    const turn = await h.submit(sessionId, 'Run `echo two`.')
    const second = (await untilRunStarted(turn.id)).find((item) => item.id !== first)
    expect(second).toMatchObject({ status: 'queued', claimedBy: null })
    const claimed = await restarted.poll()
    expect(claimed).toMatchObject({ id: second?.id, status: 'starting', claimedBy: 'worker-2' })
    await restarted.ack(claimed?.id ?? '')
    await restarted.serve(await untilToolWaits(restarted))
    await h.run(30_000)
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
    expect(
      Object.fromEntries((await items()).map((item) => [item.id, [item.status, item.claimedBy]])),
    ).toEqual({
      [first]: ['stopped', 'worker-1'],
      [second?.id ?? '']: ['stopped', 'worker-2'],
    })
  })

  it('HandsWorkerMain still on its first, stopped item serves the second turn by session (pending-tools ignores the lease); the new item is never claimed and both end stopped', async () => {
    const worker = upstreamWorker('worker-1')
    const first = await firstTurnServedBy(worker)

    // JdbcCoordinationStore.heartbeatWork bumps updatedAt whatever the status: the stopped item
    // shows the worker is still there, on it.
    const before = (await items())[0]?.updatedAt ?? 0
    await h.run(15_000)
    await worker.heartbeat(first)
    const beat = (await items())[0]
    expect(beat).toMatchObject({ status: 'stopped', claimedBy: 'worker-1' })
    expect(beat?.updatedAt).toBeGreaterThan(before)

    const turn = await h.submit(sessionId, 'Run `echo two`.')
    const second = (await untilRunStarted(turn.id)).find((item) => item.id !== first)
    expect(second).toMatchObject({ status: 'queued', claimedBy: null })
    // The worker does not poll while on an item: it asks for the session's tools every second.
    await worker.serve(await untilToolWaits(worker))
    await h.run(30_000)
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
    // release stopped the second item while still queued; nobody ever claimed it.
    expect((await items()).find((item) => item.id === second?.id)).toMatchObject({
      status: 'stopped',
      claimedBy: null,
    })
    // 120 idle rounds later the worker stops its item (already stopped: it stays so) and polls.
    await worker.stop(first)
    expect(await worker.poll()).toBeNull()
    expect((await items()).map((item) => item.status)).toEqual(['stopped', 'stopped'])
  })

  it('HandsLeaseService.acquire checks the lease, not its item: a worker that stops its item while a call waits gets no new item; the call stays pending', async () => {
    const worker = upstreamWorker('worker-1')
    const turn = await h.submit(sessionId, 'Run `echo one`.')
    await untilRunStarted(turn.id)
    const claimed = await worker.poll()
    await worker.ack(claimed?.id ?? '')
    const waiting = await untilToolWaits(worker)
    await worker.stop(claimed?.id ?? '')
    await h.run(60_000)
    expect(await items()).toEqual([expect.objectContaining({ id: claimed?.id, status: 'stopped' })])
    expect(await upstreamWorker('worker-2').poll()).toBeNull()
    expect((await worker.pendingTools()).map((tool) => tool.id)).toEqual(waiting.map((tool) => tool.id))
  })
})
