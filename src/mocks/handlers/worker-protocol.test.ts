import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { addPendingTool, createSessionRecord } from '../lib/event-log'
import { createIdFactory } from '../lib/ids'
import { createRandom } from '../lib/clock'
import { onToolResults, type ToolResultsDelivery } from '../lib/worker-events'
import { AGENT, ENV, SESSION, WORKERS } from '../seed/fixture-ids'
import { seededKey, startControlPlane, type ControlPlaneHarness } from '../testing/control-plane-server'

type WorkItem = components['schemas']['WorkItem']
type HandsStatus = components['schemas']['HandsStatus']

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
const STALE_MS = 60_000

const poll = (environmentId: string, key: string | undefined, workerId = 'worker-lab-2') =>
  cp.call(
    `/api/environments/${environmentId}/work/poll?workerId=${workerId}&timeoutMs=25000`,
    key ? { environmentKey: key } : {},
  )

const workerCall = (path: string, key: string, body?: unknown, environmentId: string = ENV.labBox) =>
  cp.call(`/api/environments/${environmentId}${path}`, {
    method: 'POST',
    environmentKey: key,
    ...(body === undefined ? {} : { body }),
  })

/** What a user sees of an item (GET …/work/{id}), the way a worker process would read it. */
async function readItem(workId: string, environmentId: string = ENV.labBox): Promise<WorkItem> {
  const token = await cp.login('alice')
  const response = await cp.call(`/api/environments/${environmentId}/work/${workId}`, { token })
  expect(response.status).toBe(200)
  return (await response.json()) as WorkItem
}

async function handsStatus(): Promise<HandsStatus> {
  const token = await cp.login('alice')
  return (await (await cp.call('/api/hands/status', { token })).json()) as HandsStatus
}

describe('environment key', () => {
  it('C22: a missing or wrong worker key gets 401 with an empty body', async () => {
    for (const key of [undefined, 'ek_wrong', seededKey(ENV.buildWorkers)]) {
      const response = await poll(ENV.labBox, key)
      expect(response.status).toBe(401)
      expect(await response.text()).toBe('')
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

  it('stops accepting the key of an archived environment (401, as the key check reads active ones only)', async () => {
    const token = await cp.login('alice')
    await cp.call(`/api/environments/${ENV.labBox}/archive`, { method: 'POST', token })
    expect((await poll(ENV.labBox, LAB_KEY)).status).toBe(401)
  })
})

describe('claim lifecycle', () => {
  it('C14: the poll answers the claimed item with workId and leaseId, then 204 when nothing is left', async () => {
    const response = await poll(ENV.labBox, LAB_KEY)
    expect(response.status).toBe(200)
    const item = (await response.json()) as WorkItem
    expect(item).toMatchObject({
      id: QUEUED_WORK,
      workId: QUEUED_WORK,
      leaseId: QUEUED_WORK,
      sessionId: SESSION.labQueued,
      status: 'starting',
      claimedBy: 'worker-lab-2',
    })
    const empty = await poll(ENV.labBox, LAB_KEY)
    expect(empty.status).toBe(204)
    expect(await empty.text()).toBe('')
  })

  it('C10: ack, heartbeat, stop and update answer 200 with an empty body', async () => {
    await poll(ENV.labBox, LAB_KEY)
    for (const [path, body] of [
      [`/work/${QUEUED_WORK}/ack`, { workerId: 'worker-lab-2', workDir: '/srv/hands/x' }],
      [`/work/${QUEUED_WORK}/heartbeat`, undefined],
      [`/work/${QUEUED_WORK}`, { workDir: '/scratch/lab' }],
      [`/work/${QUEUED_WORK}/stop`, undefined],
    ] as const) {
      const response = await workerCall(path, LAB_KEY, body)
      expect(response.status, path).toBe(200)
      expect(await response.text(), path).toBe('')
    }
    expect(await readItem(QUEUED_WORK)).toMatchObject({
      status: 'stopped',
      claimedBy: 'worker-lab-2',
      workDir: '/scratch/lab',
    })
  })

  it('C10: a heartbeat or stop on an unknown work id is a silent 200; ack and update on one are 404', async () => {
    for (const path of ['/work/work_nope/heartbeat', '/work/work_nope/stop']) {
      const response = await workerCall(path, LAB_KEY)
      expect(response.status).toBe(200)
      expect(await response.text()).toBe('')
    }
    expect((await workerCall('/work/work_nope/ack', LAB_KEY)).status).toBe(404)
    expect((await workerCall('/work/work_nope', LAB_KEY, { workerId: 'w' })).status).toBe(404)
  })

  it('ack records the worker and directory it names, else the claim’s worker and the server’s directory', async () => {
    await poll(ENV.labBox, LAB_KEY)
    await workerCall(`/work/${QUEUED_WORK}/ack`, LAB_KEY, { workDir: 7 })
    expect(await readItem(QUEUED_WORK)).toMatchObject({
      status: 'active',
      claimedBy: 'worker-lab-2',
      workDir: `/tmp/agentscope-hands/${SESSION.labQueued}`,
    })
  })

  it('C11: nothing the server does sets stopping; a stop goes straight to stopped', async () => {
    await poll(ENV.labBox, LAB_KEY)
    await workerCall(`/work/${QUEUED_WORK}/ack`, LAB_KEY, { workerId: 'worker-lab-2' })
    expect((await readItem(QUEUED_WORK)).status).toBe('active')
    await workerCall(`/work/${QUEUED_WORK}/stop`, LAB_KEY)
    expect((await readItem(QUEUED_WORK)).status).toBe('stopped')
    const token = await cp.login('alice')
    const stats = (await (
      await cp.call(`/api/environments/${ENV.labBox}/work/stats`, { token })
    ).json()) as components['schemas']['WorkStats']
    expect(stats.countsByStatus.stopping).toBe(0)
  })

  it('C12: workerHeartbeats moves on a poll only, an item heartbeat bumps only the item', async () => {
    await poll(ENV.labBox, LAB_KEY)
    const polledAt = cp.clock.now()
    expect((await handsStatus()).workerHeartbeats['worker-lab-2']).toBe(polledAt)
    await workerCall(`/work/${QUEUED_WORK}/ack`, LAB_KEY, { workerId: 'worker-lab-2' })
    for (let i = 0; i < 5; i += 1) {
      cp.clock.advance(15_000)
      await workerCall(`/work/${QUEUED_WORK}/heartbeat`, LAB_KEY)
    }
    expect((await readItem(QUEUED_WORK)).updatedAt).toBe(cp.clock.now())
    expect((await handsStatus()).workerHeartbeats['worker-lab-2']).toBe(polledAt)
    // An empty poll counts too: the worker is seen even when there is nothing to claim.
    await poll(ENV.labBox, LAB_KEY, 'idle-worker')
    expect((await handsStatus()).workerHeartbeats['idle-worker']).toBe(cp.clock.now())
  })

  it('C13: a dead worker’s item stays active under it until someone polls, then another worker takes it straight to starting', async () => {
    await poll(ENV.labBox, LAB_KEY, 'worker-dies')
    await workerCall(`/work/${QUEUED_WORK}/ack`, LAB_KEY, { workerId: 'worker-dies' })
    cp.clock.advance(STALE_MS + 1)

    // Looking changes nothing: still active, claimed by the dead worker.
    expect(await readItem(QUEUED_WORK)).toMatchObject({ status: 'active', claimedBy: 'worker-dies' })
    const taken = await poll(ENV.labBox, LAB_KEY, 'worker-lab-3')
    const item = (await taken.json()) as WorkItem
    expect(item).toMatchObject({ id: QUEUED_WORK, status: 'starting', claimedBy: 'worker-lab-3' })
    expect(item.metadata).not.toHaveProperty('reclaimedFrom')
    expect(cp.backend.db.workItems.get(QUEUED_WORK)?.status).toBe('starting')
  })

  it('C13: an item whose worker keeps heartbeating is never taken over, however long it works', async () => {
    await poll(ENV.labBox, LAB_KEY)
    await workerCall(`/work/${QUEUED_WORK}/ack`, LAB_KEY, { workerId: 'worker-lab-2' })
    for (let i = 0; i < 8; i += 1) {
      cp.clock.advance(15_000)
      expect((await workerCall(`/work/${QUEUED_WORK}/heartbeat`, LAB_KEY)).status).toBe(200)
      expect((await poll(ENV.labBox, LAB_KEY, 'worker-lab-3')).status).toBe(204)
    }
    expect(await readItem(QUEUED_WORK)).toMatchObject({ status: 'active', claimedBy: 'worker-lab-2' })
  })

  it('C13: the seeded active item goes stale without worker-b and worker-a’s poll takes it', async () => {
    const buildKey = seededKey(ENV.buildWorkers)
    cp.clock.advance(STALE_MS)
    const claimed = await poll(ENV.buildWorkers, buildKey, WORKERS.a)
    expect(await claimed.json()).toMatchObject({
      id: 'work_buildactive01',
      status: 'starting',
      claimedBy: WORKERS.a,
    })
  })
})

describe('tool calls', () => {
  const ids = createIdFactory(createRandom(7))
  const addSession = (id: string, environmentId: string, resources: Record<string, unknown>[] = []) => {
    const now = cp.clock.now()
    const record = createSessionRecord(
      {
        id,
        ownerId: 'usr_alice',
        agentId: AGENT.releaseHelper,
        environmentId,
        resources,
        status: 'requires_action',
        createdAt: now,
        updatedAt: now,
      },
      { namespace: 'default', isRestricted: false },
    )
    addPendingTool(record, ids, {
      id: 'toolu_1',
      name: 'write_file',
      input: { path: 'environment-check.txt', content: 'ok' },
    })
    addPendingTool(record, ids, {
      id: 'toolu_2',
      name: 'read_file',
      input: { path: 'environment-check.txt' },
    })
    cp.backend.db.sessions.set(id, record)
  }

  it('C22: pending tools carry state pending, eventId and seq and no type', async () => {
    addSession('sess_worker_test', ENV.labBox)
    const pending = await cp.call(`/api/environments/${ENV.labBox}/sessions/sess_worker_test/pending-tools`, {
      environmentKey: LAB_KEY,
    })
    const tools = (await pending.json()) as Record<string, unknown>[]
    expect(tools.map((tool) => tool.id)).toEqual(['toolu_1', 'toolu_2'])
    for (const [index, tool] of tools.entries()) {
      expect(tool).toMatchObject({ state: 'pending', seq: index + 1 })
      expect(typeof tool.eventId).toBe('string')
      expect(tool).not.toHaveProperty('type')
    }
  })

  it('C22: recorded tool results always carry seq, and the answered calls are resolved', async () => {
    addSession('sess_worker_test', ENV.labBox)
    const deliveries: ToolResultsDelivery[] = []
    const stop = onToolResults(cp.backend, (delivery) => deliveries.push(delivery))
    const posted = await workerCall('/sessions/sess_worker_test/tool-results', LAB_KEY, {
      results: [
        { tool_use_id: 'toolu_1', name: 'write_file', content: 'wrote 2 bytes', is_error: false },
        { tool_use_id: 'toolu_2', name: 'read_file', content: 'ok', is_error: false },
      ],
    })
    expect(posted.status).toBe(200)
    const recorded = (await posted.json()) as components['schemas']['RecordedToolResult'][]
    // After the two agent.tool_use records, the results are the session's internal events 3 and 4.
    expect(recorded.map((record) => [record.type, record.seq])).toEqual([
      ['user.tool_result', 3],
      ['user.tool_result', 4],
    ])
    expect(recorded[0]?.payload).toEqual({
      tool_use_id: 'toolu_1',
      name: 'write_file',
      content: 'wrote 2 bytes',
      is_error: false,
    })
    expect(cp.backend.db.sessions.get('sess_worker_test')?.pendingTools).toEqual([])
    expect(deliveries).toEqual([
      expect.objectContaining({
        sessionId: 'sess_worker_test',
        environmentId: ENV.labBox,
        answered: [expect.objectContaining({ id: 'toolu_1' }), expect.objectContaining({ id: 'toolu_2' })],
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
    for (const path of ['pending-tools', 'skills']) {
      const response = await cp.call(`/api/environments/${ENV.labBox}/sessions/sess_elsewhere/${path}`, {
        environmentKey: LAB_KEY,
      })
      expect(response.status, path).toBe(403)
    }
    const results = await workerCall('/sessions/sess_elsewhere/tool-results', LAB_KEY, {
      results: [{ tool_use_id: 'toolu_1', content: 'x' }],
    })
    expect(results.status).toBe(403)
    expect(cp.backend.db.sessions.get('sess_elsewhere')?.pendingTools).toHaveLength(2)
  })

  it('C15: the skills route serves the session agent’s skills with SKILL.md and base64 resource files', async () => {
    addSession('sess_worker_test', ENV.labBox)
    const response = await cp.call(`/api/environments/${ENV.labBox}/sessions/sess_worker_test/skills`, {
      environmentKey: LAB_KEY,
    })
    expect(response.status).toBe(200)
    const bundle = (await response.json()) as components['schemas']['SkillsBundle']
    expect(bundle).toMatchObject({ sessionId: 'sess_worker_test', agentId: AGENT.releaseHelper })
    const [skill] = bundle.skills
    expect(skill?.name).toBe('semver-bump')
    expect(skill?.skillContent).toContain('# semver-bump')
    const script = skill?.resources['scripts/bump.sh']
    expect(script).toMatchObject({ encoding: 'utf8', executable: true })
    expect(atob(script?.contentBase64 ?? '')).toContain('npm version "$1"')
  })

  it('C15: the poll carries the session’s staging metadata (resources, files, input_file); other reads carry none', async () => {
    const resources = [
      { type: 'file', url: 'https://files.example/data.csv' },
      { type: 'git', uri: 'https://git.example/repo.git' },
    ]
    addSession('sess_staged', ENV.labBox, resources)
    const now = cp.clock.now()
    cp.backend.db.workItems.set('work_staged', {
      id: 'work_staged',
      sessionId: 'sess_staged',
      environmentId: ENV.labBox,
      ownerId: 'usr_alice',
      status: 'queued',
      claimedBy: null,
      workDir: null,
      // Older than the seeded queued item, so this poll claims it first.
      createdAt: now - 60 * 60_000,
      updatedAt: now - 60 * 60_000,
    })
    const item = (await (await poll(ENV.labBox, LAB_KEY)).json()) as WorkItem
    expect(item.id).toBe('work_staged')
    expect(item.metadata).toEqual({ resources, files: ['https://files.example/data.csv'] })
    expect((await readItem('work_staged')).metadata).toEqual({})
  })
})
