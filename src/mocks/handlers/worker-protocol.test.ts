import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { onToolResults, type ToolResultsDelivery } from '../lib/worker-events'
import { AGENT, ENV, SESSION, WORKERS } from '../seed/fixture-ids'
import { seededKey, startControlPlane, type ControlPlaneHarness } from '../testing/control-plane-server'

type WorkItem = components['schemas']['WorkItem']

let cp: ControlPlaneHarness
beforeEach(async () => {
  cp = await startControlPlane()
})
afterEach(() => {
  cp.server.close()
  expect(cp.contractFailures).toEqual([])
})

const LAB_KEY = seededKey(ENV.labBox)
const QUEUED_WORK = 'work_labqueued0001'

const poll = (environmentId: string, key: string | undefined, workerId = 'worker-lab-2') =>
  cp.call(
    `/api/environments/${environmentId}/work/poll?workerId=${workerId}&timeoutMs=25000`,
    key ? { environmentKey: key } : {},
  )

const workerCall = (path: string, key: string, body?: unknown) =>
  cp.call(`/api/environments/${ENV.labBox}${path}`, {
    method: 'POST',
    environmentKey: key,
    ...(body === undefined ? {} : { body }),
  })

describe('environment key', () => {
  it('answers 401 in the dataplane shape when the key is missing or wrong', async () => {
    for (const key of [undefined, 'ek_wrong', seededKey(ENV.buildWorkers)]) {
      const response = await poll(ENV.labBox, key)
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({
        type: 'error',
        error: {
          type: 'authentication_error',
          code: expect.any(String) as unknown,
          message: expect.any(String) as unknown,
        },
      })
    }
  })

  it('never accepts a user token', async () => {
    const token = await cp.login('admin')
    expect((await cp.call(`/api/environments/${ENV.labBox}/work/poll?workerId=w`, { token })).status).toBe(
      401,
    )
  })

  it('dies at once on rotation: the old key gets 401, the new one works', async () => {
    const token = await cp.login('alice')
    const rotated = await cp.call(`/api/environments/${ENV.labBox}/rotate-key`, { method: 'POST', token })
    const { apiKey } = (await rotated.json()) as { apiKey: string }

    expect((await poll(ENV.labBox, LAB_KEY)).status).toBe(401)
    const fresh = await poll(ENV.labBox, apiKey)
    expect(fresh.status).toBe(200)
    expect(((await fresh.json()) as WorkItem).id).toBe(QUEUED_WORK)
  })

  it('treats an archived environment as gone for its workers', async () => {
    const token = await cp.login('alice')
    await cp.call(`/api/environments/${ENV.labBox}/archive`, { method: 'POST', token })
    const response = await poll(ENV.labBox, LAB_KEY)
    expect(response.status).toBe(404)
  })
})

describe('claim lifecycle', () => {
  it('poll claims the oldest queued item, then 204 when nothing is left', async () => {
    const response = await poll(ENV.labBox, LAB_KEY)
    expect(response.status).toBe(200)
    const item = (await response.json()) as WorkItem
    expect(item).toMatchObject({
      id: QUEUED_WORK,
      sessionId: SESSION.labQueued,
      status: 'starting',
      claimedBy: 'worker-lab-2',
    })
    expect(item).not.toHaveProperty('leaseExpiresAt')
    expect(cp.backend.db.workerHeartbeats.get('worker-lab-2')).toBe(cp.clock.now())
    expect(cp.backend.db.workerEnvironments.get('worker-lab-2')).toEqual({
      environmentId: ENV.labBox,
      lastSeenAt: cp.clock.now(),
    })

    const empty = await poll(ENV.labBox, LAB_KEY)
    expect(empty.status).toBe(204)
    expect(await empty.text()).toBe('')
  })

  it('poll → ack → heartbeat → stop', async () => {
    await poll(ENV.labBox, LAB_KEY)
    cp.clock.advance(1_000)
    const ack = await workerCall(`/work/${QUEUED_WORK}/ack`, LAB_KEY, { workerId: 'worker-lab-2' })
    expect(ack.status).toBe(200)
    expect(await ack.json()).toMatchObject({
      status: 'active',
      claimedBy: 'worker-lab-2',
      workDir: `/work/hands/${SESSION.labQueued}`,
    })

    cp.clock.advance(15_000)
    const beat = await workerCall(`/work/${QUEUED_WORK}/heartbeat`, LAB_KEY, { workerId: 'worker-lab-2' })
    expect(beat.status).toBe(200)
    expect(((await beat.json()) as WorkItem).updatedAt).toBe(cp.clock.now())
    expect(cp.backend.db.workItems.get(QUEUED_WORK)?.leaseExpiresAt).toBe(
      cp.clock.now() + cp.backend.options.leaseTimeoutMs,
    )

    const moved = await workerCall(`/work/${QUEUED_WORK}`, LAB_KEY, { workDir: '/scratch/lab' })
    expect(await moved.json()).toMatchObject({ workDir: '/scratch/lab', claimedBy: 'worker-lab-2' })

    const stop = await workerCall(`/work/${QUEUED_WORK}/stop`, LAB_KEY)
    expect(stop.status).toBe(200)
    expect(await stop.json()).toMatchObject({ status: 'stopped', claimedBy: 'worker-lab-2' })
    expect((await workerCall(`/work/${QUEUED_WORK}/heartbeat`, LAB_KEY)).status).toBe(404)
  })

  it('ack records the worker’s own directory and refuses another worker’s claim', async () => {
    await poll(ENV.labBox, LAB_KEY)
    const other = await workerCall(`/work/${QUEUED_WORK}/ack`, LAB_KEY, { workerId: 'intruder' })
    expect(other.status).toBe(403)
    const ack = await workerCall(`/work/${QUEUED_WORK}/ack`, LAB_KEY, {
      workerId: 'worker-lab-2',
      workDir: '/srv/hands/x',
    })
    expect(await ack.json()).toMatchObject({ workDir: '/srv/hands/x' })
    expect((await workerCall('/work/work_nope/ack', LAB_KEY)).status).toBe(404)
    // Malformed optional fields are ignored rather than failing the worker.
    const again = await workerCall(`/work/${QUEUED_WORK}/ack`, LAB_KEY, { workDir: 7 })
    expect(await again.json()).toMatchObject({ status: 'active', workDir: '/srv/hands/x' })
  })

  it('returns a dead worker’s item to the queue once its lease lapses', async () => {
    await poll(ENV.labBox, LAB_KEY, 'worker-dies')
    await workerCall(`/work/${QUEUED_WORK}/ack`, LAB_KEY, { workerId: 'worker-dies' })
    cp.clock.advance(cp.backend.options.leaseTimeoutMs + 1)

    const token = await cp.login('alice')
    const item = (await (
      await cp.call(`/api/environments/${ENV.labBox}/work/${QUEUED_WORK}`, { token })
    ).json()) as WorkItem
    expect(item).toMatchObject({ status: 'queued', claimedBy: null, workDir: null })
    expect(item.metadata).toMatchObject({ reclaimedFrom: 'worker-dies', reclaimCount: 1 })

    // The dead worker learns it lost the lease; a live one claims the item.
    expect(
      (await workerCall(`/work/${QUEUED_WORK}/heartbeat`, LAB_KEY, { workerId: 'worker-dies' })).status,
    ).toBe(404)
    const reclaimed = await poll(ENV.labBox, LAB_KEY, 'worker-lab-3')
    expect(await reclaimed.json()).toMatchObject({
      id: QUEUED_WORK,
      claimedBy: 'worker-lab-3',
      status: 'starting',
    })
  })

  it('keeps the lease while heartbeats arrive', async () => {
    await poll(ENV.labBox, LAB_KEY)
    for (let i = 0; i < 5; i += 1) {
      cp.clock.advance(15_000)
      expect((await workerCall(`/work/${QUEUED_WORK}/heartbeat`, LAB_KEY)).status).toBe(200)
    }
    expect(cp.backend.db.workItems.get(QUEUED_WORK)?.status).toBe('starting')
  })

  it('lets the seeded active item lapse when worker-b stops heartbeating', async () => {
    const buildKey = seededKey(ENV.buildWorkers)
    cp.clock.advance(cp.backend.options.leaseTimeoutMs)
    const claimed = await poll(ENV.buildWorkers, buildKey, WORKERS.a)
    expect(await claimed.json()).toMatchObject({
      id: 'work_buildactive01',
      claimedBy: WORKERS.a,
      metadata: { reclaimedFrom: WORKERS.b },
    })
  })
})

describe('tool calls', () => {
  const addSession = (id: string, environmentId: string) => {
    const now = cp.clock.now()
    cp.backend.db.sessions.set(id, {
      namespace: 'default',
      isRestricted: false,
      session: {
        id,
        agentId: AGENT.releaseHelper,
        environmentId,
        status: 'requires_action',
        createdAt: now,
        updatedAt: now,
      },
      turns: [],
      events: [],
      nextSeq: 1,
      retainedFromSeq: 1,
      actionCommands: [],
      pendingTools: [
        {
          id: 'toolu_1',
          name: 'write_file',
          input: { path: 'environment-check.txt', content: 'ok' },
          type: 'agent.tool_use',
        },
        {
          id: 'toolu_2',
          name: 'read_file',
          input: { path: 'environment-check.txt' },
          type: 'agent.tool_use',
        },
      ],
    })
  }

  it('lists pending tools and records results, resolving the answered calls', async () => {
    addSession('sess_worker_test', ENV.labBox)
    const deliveries: ToolResultsDelivery[] = []
    const stop = onToolResults(cp.backend, (delivery) => deliveries.push(delivery))

    const pending = await cp.call(`/api/environments/${ENV.labBox}/sessions/sess_worker_test/pending-tools`, {
      environmentKey: LAB_KEY,
    })
    expect(((await pending.json()) as { id: string }[]).map((tool) => tool.id)).toEqual([
      'toolu_1',
      'toolu_2',
    ])

    const posted = await workerCall('/sessions/sess_worker_test/tool-results', LAB_KEY, {
      results: [{ tool_use_id: 'toolu_1', name: 'write_file', content: 'wrote 2 bytes', is_error: false }],
    })
    expect(posted.status).toBe(200)
    expect(await posted.json()).toEqual([
      expect.objectContaining({
        sessionId: 'sess_worker_test',
        type: 'user.tool_result',
        createdAt: cp.clock.now(),
        payload: { tool_use_id: 'toolu_1', name: 'write_file', content: 'wrote 2 bytes', is_error: false },
      }),
    ])
    expect(cp.backend.db.sessions.get('sess_worker_test')?.pendingTools.map((tool) => tool.id)).toEqual([
      'toolu_2',
    ])
    expect(deliveries).toEqual([
      expect.objectContaining({
        sessionId: 'sess_worker_test',
        environmentId: ENV.labBox,
        answered: [expect.objectContaining({ id: 'toolu_1' })],
      }),
    ])
    stop()
  })

  it('rejects an empty result list with missing_results', async () => {
    addSession('sess_worker_test', ENV.labBox)
    for (const body of [{ results: [] }, {}]) {
      const response = await workerCall('/sessions/sess_worker_test/tool-results', LAB_KEY, body)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ type: 'error', error: { code: 'missing_results' } })
    }
  })

  it('refuses sessions bound to another environment with 403', async () => {
    addSession('sess_elsewhere', ENV.buildWorkers)
    const pending = await cp.call(`/api/environments/${ENV.labBox}/sessions/sess_elsewhere/pending-tools`, {
      environmentKey: LAB_KEY,
    })
    expect(pending.status).toBe(403)
    const results = await workerCall('/sessions/sess_elsewhere/tool-results', LAB_KEY, {
      results: [{ tool_use_id: 'toolu_1', content: 'x' }],
    })
    expect(results.status).toBe(403)
    expect(cp.backend.db.sessions.get('sess_elsewhere')?.pendingTools).toHaveLength(2)
  })
})
