import { afterEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { AGENT, ENV, SESSION, WORKERS } from '../seed/fixture-ids'
import { ENVIRONMENT_CHECK_FILE, ENVIRONMENT_CHECK_TEXT } from './turn-scripts'
import { seededKey } from '../testing/control-plane-server'
import { expectInOrder, startEngine, type EngineHarness, stopEngine } from '../testing/engine-harness'
import { readJson } from '../testing/session-harness'
import type { VirtualWorkerStatus } from '../lib/control-types'

type WorkItem = components['schemas']['WorkItem']

/** Self-hosted turns served by the demo's virtual workers over the shared protocol functions. */
let h: EngineHarness
afterEach(() => stopEngine(h))

const workOf = async (sessionId: string) =>
  (await readJson<WorkItem[]>(await h.call(`/api/environments/${ENV.buildWorkers}/work`))).filter(
    (item) => item.sessionId === sessionId,
  )
const workers = async () => readJson<VirtualWorkerStatus[]>(await h.call('/__mock/workers'))
const workerState = async (workerId: string) =>
  (await workers()).find((worker) => worker.workerId === workerId)

describe('virtual workers', () => {
  it('run a self-hosted turn end to end: queued → claimed → tools on the worker → turn completed → work stopped', async () => {
    h = await startEngine({ virtualWorkers: 'demo' })
    const sessionId = await h.createSession({ agent: AGENT.releaseHelper })
    const turn = await h.submit(sessionId, 'Write environment-check.txt and read it back.')
    await h.run(1_500)
    expect(h.turn(sessionId, turn.id).status).toBe('requires_action')
    expect((await workOf(sessionId)).map((item) => item.status)).toEqual(['queued'])
    expect(h.record(sessionId).pendingTools.map((tool) => tool.name)).toEqual(['write_file'])

    await h.run(30_000)
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
    expectInOrder(h.turnTypes(sessionId, turn.id), [
      'tool.requested',
      'tool.dispatched',
      'turn.requires_action',
      'run.ended',
      'session.status_requires_action',
      'tool.delta',
      'tool.completed',
      'turn.queued',
      'run.started',
      'turn.running',
      'tool.requested',
      'tool.dispatched',
      'turn.requires_action',
      'tool.completed',
      'turn.queued',
      'run.started',
      'item.completed',
      'turn.completed',
      'session.status_idle',
    ])
    const [item] = await workOf(sessionId)
    const workerId = item?.claimedBy ?? ''
    expect([WORKERS.a, WORKERS.b]).toContain(workerId)
    // Idle session: the server released the item straight to stopped (no `stopping`).
    expect(item).toMatchObject({
      status: 'stopped',
      workDir: `/home/${workerId}/hands/${sessionId}`,
      metadata: {},
    })
    const files = h.backend.db.workspaces.get(`worker:${workerId}/home/${workerId}/hands/${sessionId}`)
    expect(files?.get(ENVIRONMENT_CHECK_FILE)).toBe(ENVIRONMENT_CHECK_TEXT)
    // The worker staged the agent's skills before running any tool (upstream HandsWorkerMain).
    expect(files?.get('skills/semver-bump/SKILL.md')).toContain('# semver-bump')
    await h.checkLog(sessionId)
  })

  it('finish the seeded suspended turn that worker-b holds', async () => {
    h = await startEngine({ virtualWorkers: 'demo' })
    const seeded = h.record(SESSION.buildActive)
    const turn = seeded.turns.at(-1)
    expect(turn?.status).toBe('requires_action')
    await h.run(40_000)
    expect(turn?.status).toBe('completed')
    expect(seeded.pendingTools).toEqual([])
    expect(h.backend.db.workItems.get('work_buildactive01')).toMatchObject({
      status: 'stopped',
      claimedBy: WORKERS.b,
    })
    await h.checkLog(SESSION.buildActive)
  })

  it('C13: a killed worker’s item stays active under it, then after 60 s of silence the other worker’s poll takes it over straight to starting', async () => {
    h = await startEngine({ virtualWorkers: 'demo' })
    await h.call('/__mock/faults', { method: 'PUT', body: { killWorkerMidClaim: true } })
    const sessionId = await h.createSession({ agent: AGENT.releaseHelper })
    const turn = await h.submit(sessionId, 'Write environment-check.txt and read it back.')
    await h.run(5_000)
    const [claimed] = await workOf(sessionId)
    const dead = claimed?.claimedBy ?? ''
    expect(claimed?.status).toBe('active')
    expect(await workerState(dead)).toMatchObject({
      state: 'killed',
      lastError: expect.stringContaining('injected') as unknown,
    })
    expect(h.backend.faults.killWorkerMidClaim).toBe(false)
    expect(h.turn(sessionId, turn.id).status).toBe('requires_action')

    // Within the stale window nothing moves: still active, still the dead worker's.
    await h.run(50_000)
    expect((await workOf(sessionId))[0]).toMatchObject({ status: 'active', claimedBy: dead })
    // The live worker polls every 2 s; its first poll after 60 s takes the item.
    const taken: string[] = []
    for (let waited = 0; waited < 20_000 && taken.length === 0; waited += 500) {
      await h.run(500)
      const [item] = await workOf(sessionId)
      if (item && item.claimedBy !== dead) taken.push(item.status)
    }
    expect(['starting', 'active']).toContain(taken[0])
    const [item] = await workOf(sessionId)
    expect(item?.id).toBe(claimed?.id)
    expect(item?.metadata).toEqual({})
    await h.run(40_000)
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
  })

  it('C12: a worker busy on a slow tool heartbeats its item but does not poll; nobody takes the item over', async () => {
    h = await startEngine({ virtualWorkers: 'demo' })
    await h.call('/__mock/faults', { method: 'PUT', body: { slowToolMs: 150_000 } })
    const sessionId = await h.createSession({ agent: AGENT.releaseHelper })
    const turn = await h.submit(sessionId, 'Run `make release` please.')
    await h.run(10_000)
    const [claimed] = await workOf(sessionId)
    const busy = claimed?.claimedBy ?? ''
    expect(claimed?.status).toBe('active')
    const polledAt = await readJson<{ workerHeartbeats: Record<string, number> }>(
      await h.call('/api/hands/status'),
    )
    await h.run(120_000)
    const status = await readJson<{ workerHeartbeats: Record<string, number> }>(
      await h.call('/api/hands/status'),
    )
    // No poll for two minutes: its workerHeartbeats entry is old …
    expect(status.workerHeartbeats[busy]).toBe(polledAt.workerHeartbeats[busy])
    expect(h.clock.now() - (status.workerHeartbeats[busy] ?? 0)).toBeGreaterThan(60_000)
    // … while its item stays fresh and claimed by it, although the other worker kept polling.
    const [item] = await workOf(sessionId)
    expect(item).toMatchObject({ status: 'active', claimedBy: busy })
    expect(h.clock.now() - (item?.updatedAt ?? 0)).toBeLessThan(16_000)
    await h.run(60_000)
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
  })

  it('go stale when the key is rotated (401 on every worker route) and come back with the new key', async () => {
    h = await startEngine({ virtualWorkers: 'demo' })
    const oldKey = seededKey(ENV.buildWorkers)
    const rotated = await readJson<{ apiKey: string }>(
      await h.call(`/api/environments/${ENV.buildWorkers}/rotate-key`, { method: 'POST' }),
    )
    const base = `/api/environments/${ENV.buildWorkers}`
    const routes = [
      ['GET', `${base}/work/poll?workerId=${WORKERS.a}`],
      ['POST', `${base}/work/work_buildactive01/ack`],
      ['POST', `${base}/work/work_buildactive01/heartbeat`],
      ['POST', `${base}/work/work_buildactive01/stop`],
      ['POST', `${base}/work/work_buildactive01`],
      ['GET', `${base}/sessions/${SESSION.buildActive}/pending-tools`],
      ['POST', `${base}/sessions/${SESSION.buildActive}/tool-results`],
    ] as const
    for (const [method, path] of routes) {
      const response = await h.call(path, {
        method,
        headers: { 'X-Builder-Environment-Key': oldKey },
        ...(method === 'POST' ? { body: { results: [{ tool_use_id: 'x', content: 'y' }] } } : {}),
      })
      expect(response.status, `${method} ${path}`).toBe(401)
    }

    await h.run(3_000)
    expect((await workers()).map((worker) => worker.state)).toEqual(['key_rejected', 'key_rejected'])
    const sessionId = await h.createSession({ agent: AGENT.releaseHelper })
    const turn = await h.submit(sessionId, 'Write environment-check.txt and read it back.')
    await h.run(20_000)
    expect(h.turn(sessionId, turn.id).status).toBe('requires_action')
    expect((await workOf(sessionId)).map((item) => item.status)).toEqual(['queued'])

    const restarted = await h.call(`/__mock/workers/${WORKERS.a}/restart`, {
      method: 'POST',
      body: { environmentKey: rotated.apiKey },
    })
    expect(await readJson<VirtualWorkerStatus>(restarted)).toMatchObject({
      state: 'polling',
      lastError: null,
    })
    await h.run(30_000)
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
    expect((await workOf(sessionId))[0]?.claimedBy).toBe(WORKERS.a)
    expect(h.backend.db.workerHeartbeats.get(WORKERS.a)).toBeGreaterThan(h.clock.now() - 20_000)
  })

  it('leave work queued while every worker is offline, and serve it once they are back', async () => {
    h = await startEngine({ virtualWorkers: 'demo' })
    await h.call('/__mock/faults', { method: 'PUT', body: { workersOffline: true } })
    const sessionId = await h.createSession({ agent: AGENT.releaseHelper })
    const turn = await h.submit(sessionId, 'Write environment-check.txt and read it back.')
    await h.run(60_000)
    const stats = await readJson<{ countsByStatus: Record<string, number> }>(
      await h.call(`/api/environments/${ENV.buildWorkers}/work/stats`),
    )
    expect(stats.countsByStatus.queued).toBeGreaterThanOrEqual(1)
    expect(h.turn(sessionId, turn.id).status).toBe('requires_action')
    await h.call('/__mock/faults', { method: 'PUT', body: { workersOffline: false } })
    await h.run(30_000)
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
  })

  it('release the work item when a waiting turn is cancelled', async () => {
    h = await startEngine({ virtualWorkers: 'demo' })
    await h.call('/__mock/faults', { method: 'PUT', body: { workersOffline: true } })
    const sessionId = await h.createSession({ agent: AGENT.releaseHelper })
    const turn = await h.submit(sessionId, 'Write environment-check.txt and read it back.')
    await h.run(10_000)
    await h.post(`/api/v1/agent-sessions/${sessionId}/turns/${turn.id}/cancel`, undefined, 'cancel-wait')
    expect((await workOf(sessionId)).map((item) => item.status)).toEqual(['stopped'])
    expect(h.record(sessionId).pendingTools).toEqual([])
    expect(h.backend.db.turnRuns.size).toBe(0)
    await h.checkLog(sessionId)
  })

  it('can be started for an environment created in the demo', async () => {
    h = await startEngine({ virtualWorkers: [] })
    const created = await readJson<{ id: string; apiKey: string }>(
      await h.call('/api/environments', {
        method: 'POST',
        body: { name: 'demo-workers', type: 'self_hosted', config: {} },
      }),
    )
    const started = await h.call('/__mock/workers', {
      method: 'POST',
      body: { workerId: 'demo-1', environmentId: created.id, environmentKey: created.apiKey },
    })
    expect(started.status).toBe(201)
    const sessionId = await h.createSession({ agent: AGENT.triageBot, environmentId: created.id })
    const turn = await h.submit(sessionId, 'Run `echo from the worker`.')
    await h.run(30_000)
    expect(h.turn(sessionId, turn.id).status).toBe('completed')
    const done = h.turnEvents(sessionId, turn.id).find((event) => event.type === 'tool.completed')
    // As HandsWorkerMain posts LocalHandsToolExecutor.execShell's result: the exit code first.
    expect(done?.data.result).toEqual({ content: 'Exit code: 0\n\nfrom the worker\n', is_error: false })
    expect(await workerState('demo-1')).toMatchObject({ state: 'polling', workId: null })
  })
})
