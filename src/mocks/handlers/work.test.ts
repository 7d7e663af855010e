import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { ENV, NS, SESSION, WORKERS } from '../seed/fixture-ids'
import { seededKey, startControlPlane, type ControlPlaneHarness } from '../testing/control-plane-server'

type Schemas = components['schemas']

let cp: ControlPlaneHarness
let alice: string
beforeEach(async () => {
  cp = await startControlPlane()
  alice = await cp.login('alice')
})
afterEach(() => {
  cp.server.close()
  expect(cp.contractFailures).toEqual([])
})

describe('work items (user view)', () => {
  it('lists an environment’s items oldest first and filters by state', async () => {
    const all = (await (
      await cp.call(`/api/environments/${ENV.buildWorkers}/work`, { token: alice })
    ).json()) as Schemas['WorkItem'][]
    expect(all.map((item) => item.id)).toEqual([
      'work_builddone0000',
      'work_builddone0001',
      'work_buildactive01',
    ])
    expect(all[2]).toMatchObject({
      status: 'active',
      claimedBy: WORKERS.b,
      workDir: `/work/hands/${SESSION.buildActive}`,
    })

    const stopped = await cp.call(`/api/environments/${ENV.buildWorkers}/work?state=stopped`, {
      token: alice,
    })
    expect(((await stopped.json()) as Schemas['WorkItem'][]).every((item) => item.status === 'stopped')).toBe(
      true,
    )
    expect(
      (await cp.call(`/api/environments/${ENV.buildWorkers}/work?state=bogus`, { token: alice })).status,
    ).toBe(400)
  })

  it('counts items by status with the age of the oldest queued one', async () => {
    const lab = (await (
      await cp.call(`/api/environments/${ENV.labBox}/work/stats`, { token: alice })
    ).json()) as Schemas['WorkStats']
    expect(lab).toEqual({
      countsByStatus: { queued: 1, starting: 0, active: 0, stopping: 0, stopped: 1 },
      oldestQueuedAgeMs: 25 * 60_000,
    })
    const build = (await (
      await cp.call(`/api/environments/${ENV.buildWorkers}/work/stats`, { token: alice })
    ).json()) as Schemas['WorkStats']
    expect(build.oldestQueuedAgeMs).toBeNull()
    expect(build.countsByStatus).toMatchObject({ active: 1, stopped: 2 })
  })

  it('reads one item, 404 when it belongs to another environment', async () => {
    const item = await cp.call(`/api/environments/${ENV.labBox}/work/work_labqueued0001`, { token: alice })
    expect(await item.json()).toMatchObject({
      status: 'queued',
      claimedBy: null,
      sessionId: SESSION.labQueued,
    })
    expect(
      (await cp.call(`/api/environments/${ENV.buildWorkers}/work/work_labqueued0001`, { token: alice }))
        .status,
    ).toBe(404)
  })

  it('C22: GET /work for an unknown environment answers 200 []', async () => {
    const response = await cp.call('/api/environments/env_doesnotexist/work', { token: alice })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual([])
  })

  it('scopes to the namespace and to what the caller may inspect (others’ environments have no work)', async () => {
    const elsewhere = await cp.call(`/api/environments/${ENV.researchSandbox}/work`, { token: alice })
    expect(await elsewhere.json()).toEqual([])
    expect(
      (
        await cp.call(`/api/environments/${ENV.researchSandbox}/work`, {
          token: alice,
          namespace: NS.research,
        })
      ).status,
    ).toBe(200)
    const bob = await cp.login('bob')
    const hidden = (await (
      await cp.call(`/api/environments/${ENV.edgeRunner}/work/stats`, { token: bob })
    ).json()) as Schemas['WorkStats']
    expect(Object.values(hidden.countsByStatus).every((count) => count === 0)).toBe(true)
  })

  it('refuses an environment key with 403', async () => {
    for (const path of [
      `/api/environments/${ENV.labBox}/work`,
      `/api/environments/${ENV.labBox}/work/stats`,
      '/api/hands/status',
    ]) {
      const response = await cp.call(path, { environmentKey: seededKey(ENV.labBox) })
      expect(response.status).toBe(403)
    }
  })
})

describe('hands status', () => {
  it('reports heartbeats, the queued count and per-session counters', async () => {
    const response = await cp.call('/api/hands/status', { token: alice })
    const status = (await response.json()) as Schemas['HandsStatus']
    const now = cp.clock.now()
    // worker-b last polled when it claimed its item; it has heartbeated the item since, not polled.
    expect(status.workerHeartbeats).toEqual({
      [WORKERS.a]: now - 5_000,
      [WORKERS.b]: now - 6 * 60_000 + 2_000,
      [WORKERS.lab]: now - 2 * 60 * 60_000,
    })
    expect(status.pendingWorkItems).toBe(1)
    expect(status.brainInstanceId).toBe(cp.backend.db.brainInstanceId)
    expect(status.sessionHandsMetrics[SESSION.buildDone]).toEqual({ acquires: 2, releases: 2, timeouts: 0 })
  })

  it('shows a polling worker’s fresh heartbeat', async () => {
    cp.clock.advance(30_000)
    await cp.call(`/api/environments/${ENV.buildWorkers}/work/poll?workerId=${WORKERS.a}`, {
      environmentKey: seededKey(ENV.buildWorkers),
    })
    const status = (await (
      await cp.call('/api/hands/status', { token: alice })
    ).json()) as Schemas['HandsStatus']
    expect(status.workerHeartbeats[WORKERS.a]).toBe(cp.clock.now())
  })
})
