import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { AGENT, ENV, MEMORY, NS, SESSION, VAULT } from '../seed/fixture-ids'
import { MORE_SESSIONS } from '../seed/seed-sessions'
import { startSessionBackend, type SessionHarness } from '../testing/session-harness'

type Session = components['schemas']['Session']
type SessionPage = components['schemas']['SessionPage']

let harness: SessionHarness
beforeEach(async () => {
  harness = await startSessionBackend()
})
afterEach(() => {
  harness.server.close()
  expect(harness.contractFailures).toEqual([])
})

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T

describe('GET /api/v1/agent-sessions', () => {
  it('answers a bare array without paging parameters (spec 1.0.0), active sessions of the namespace only', async () => {
    const response = await harness.call('/api/v1/agent-sessions')
    expect(response.status).toBe(200)
    const sessions = await json<Session[]>(response)
    expect(Array.isArray(sessions)).toBe(true)
    expect(sessions.length).toBeGreaterThanOrEqual(11)
    expect(sessions.every((session) => session.archivedAt === null)).toBe(true)
    expect(sessions.map((session) => session.id)).not.toContain(MORE_SESSIONS.research)
    const research = await json<Session[]>(
      await harness.call('/api/v1/agent-sessions', { namespace: NS.research }),
    )
    expect(research.map((session) => session.id)).toEqual([MORE_SESSIONS.research])
  })

  it('answers {items, next_offset} pages when limit or offset is given, covering the list exactly once', async () => {
    const all = await json<Session[]>(await harness.call('/api/v1/agent-sessions?status=all'))
    const seen: string[] = []
    let offset: number | null = 0
    while (offset !== null) {
      const page: SessionPage = await json<SessionPage>(
        await harness.call(`/api/v1/agent-sessions?status=all&limit=4&offset=${offset}`),
      )
      expect(page.items.length).toBeLessThanOrEqual(4)
      seen.push(...page.items.map((session) => session.id))
      offset = page.next_offset
    }
    expect(seen).toEqual(all.map((session) => session.id))
    const onlyOffset = await json<SessionPage>(await harness.call('/api/v1/agent-sessions?offset=2'))
    expect(onlyOffset).toMatchObject({ items: expect.any(Array) as unknown })
    expect((await harness.call('/api/v1/agent-sessions?limit=0')).status).toBe(400)
  })

  it('filters by status, agentId and environmentId', async () => {
    const archived = await json<Session[]>(await harness.call('/api/v1/agent-sessions?status=archived'))
    expect(archived.map((session) => session.id).sort()).toEqual(
      [MORE_SESSIONS.archivedDocs, MORE_SESSIONS.archivedRelease].sort(),
    )
    const docs = await json<Session[]>(
      await harness.call(`/api/v1/agent-sessions?status=all&agentId=${AGENT.docsWriter}`),
    )
    expect(docs.length).toBeGreaterThan(0)
    expect(docs.every((session) => session.agentId === AGENT.docsWriter)).toBe(true)
    const lab = await json<Session[]>(
      await harness.call(`/api/v1/agent-sessions?environmentId=${ENV.labBox}`),
    )
    expect(lab.map((session) => session.id)).toEqual([SESSION.labQueued])
    expect((await harness.call('/api/v1/agent-sessions?status=deleted')).status).toBe(400)
  })

  it('hides restricted sessions from viewers', async () => {
    const asBob = await json<Session[]>(await harness.call('/api/v1/agent-sessions', { as: 'bob' }))
    expect(asBob.map((session) => session.id)).not.toContain(MORE_SESSIONS.edgeRunner)
    expect(
      (await harness.call(`/api/v1/agent-sessions/${MORE_SESSIONS.edgeRunner}`, { as: 'bob' })).status,
    ).toBe(404)
  })
})

describe('POST /api/v1/agent-sessions', () => {
  const create = (body: unknown, key?: string, as: 'alice' | 'bob' = 'alice') =>
    harness.call('/api/v1/agent-sessions', {
      method: 'POST',
      body,
      as,
      headers: key ? { 'Idempotency-Key': key } : {},
    })

  it('inherits the agent default environment, its mounts and its definition version', async () => {
    const response = await create({ agent: AGENT.releaseHelper })
    expect(response.status).toBe(200)
    const session = await json<Session>(response)
    const agent = harness.backend.db.agents.get(AGENT.releaseHelper)
    expect(session).toMatchObject({
      agentId: AGENT.releaseHelper,
      environmentId: ENV.buildWorkers,
      environmentSource: 'agent_default',
      agentVersion: agent?.definition.version,
      memoryStoreIds: [MEMORY.runbooks],
      vaultIds: [VAULT.ci],
      archivedAt: null,
    })
    const events = harness.backend.db.sessions.get(session.id)?.events.map((event) => event.type)
    expect(events).toEqual(['session.status_created', 'session.status_idle'])
  })

  it('uses an explicit environment for this session only, and `[]` mounts nothing', async () => {
    const session = await json<Session>(
      await create({
        agent: { id: AGENT.releaseHelper },
        environmentId: ENV.labBox,
        memoryStoreIds: [],
        vaultIds: [],
      }),
    )
    expect(session).toMatchObject({
      environmentId: ENV.labBox,
      environmentSource: 'explicit',
      memoryStoreIds: [],
      vaultIds: [],
    })
    expect(harness.backend.db.agents.get(AGENT.releaseHelper)?.definition.defaultEnvironmentId).toBe(
      ENV.buildWorkers,
    )
  })

  it('creates a session without an environment when the agent has no default and none is picked', async () => {
    const session = await json<Session>(await create({ agent: AGENT.triageBot }))
    expect(session.environmentId).toBeUndefined()
    expect(session.environmentSource).toBe('agent_default')
  })

  it('replays the same session for the same Idempotency-Key and body, and 409s for another body', async () => {
    const first = await json<Session>(
      await create({ agent: AGENT.releaseHelper, externalKey: 'ticket-1' }, 'create-1'),
    )
    const count = harness.backend.db.sessions.size
    const again = await create({ externalKey: 'ticket-1', agent: AGENT.releaseHelper }, 'create-1')
    expect(again.status).toBe(200)
    expect((await json<Session>(again)).id).toBe(first.id)
    expect(harness.backend.db.sessions.size).toBe(count)
    const clash = await create({ agent: AGENT.docsWriter }, 'create-1')
    expect(clash.status).toBe(409)
    expect(await clash.json()).toMatchObject({
      status: 409,
      code: 'idempotency_key_reused',
      path: '/api/v1/agent-sessions',
    })
  })

  it('refuses unknown agents (404), unusable environments (400/404), bad bodies (400) and viewers (403)', async () => {
    expect((await create({ agent: 'agt_nope' })).status).toBe(404)
    expect((await create({ agent: AGENT.releaseHelper, environmentId: ENV.oldRemote })).status).toBe(400)
    expect((await create({ agent: AGENT.releaseHelper, environmentId: 'env_missing' })).status).toBe(404)
    expect((await create({ agent: AGENT.releaseHelper, environmentId: ENV.researchSandbox })).status).toBe(
      404,
    )
    expect((await create({ agent: AGENT.releaseHelper, target: { type: 'agent' } })).status).toBe(400)
    expect((await create({})).status).toBe(400)
    expect((await create({ agent: AGENT.releaseHelper }, undefined, 'bob')).status).toBe(403)
    harness.backend.options.allowLocalEnvironments = false
    expect((await create({ agent: AGENT.triageBot, environmentId: ENV.dataplaneLocal })).status).toBe(400)
  })
})

describe('session changes', () => {
  const patch = (id: string, body: unknown) =>
    harness.call(`/api/v1/agent-sessions/${id}`, { method: 'PATCH', body })

  it('409s a PATCH while a turn is active, saying the work must finish first', async () => {
    const response = await patch(SESSION.buildActive, { environmentId: ENV.labBox })
    expect(response.status).toBe(409)
    const body = await json<{ message: string; code: string }>(response)
    expect(body.code).toBe('session_busy')
    expect(body.message).toMatch(/finish/)
    expect(harness.backend.db.sessions.get(SESSION.buildActive)?.session.environmentId).toBe(ENV.buildWorkers)
  })

  it('switches the environment of an idle session and records why', async () => {
    harness.clock.advance(1_000)
    const response = await patch(MORE_SESSIONS.localExplicit, {
      environmentId: ENV.e2bPython,
      agentOverrides: { model: 'qwen-max' },
    })
    expect(response.status).toBe(200)
    const session = await json<Session>(response)
    expect(session).toMatchObject({
      environmentId: ENV.e2bPython,
      environmentSource: 'changed',
      environmentChangedAt: harness.clock.now(),
    })
    expect(JSON.parse(session.agentOverridesJson ?? 'null')).toEqual({ model: 'qwen-max' })
    const cleared = await json<Session>(
      await patch(MORE_SESSIONS.localExplicit, { agentOverrides: { model: null } }),
    )
    expect(cleared.agentOverridesJson).toBeNull()
  })

  it('validates PATCH bodies and refuses archived sessions', async () => {
    expect((await patch(MORE_SESSIONS.localExplicit, {})).status).toBe(400)
    expect((await patch(MORE_SESSIONS.localExplicit, { environmentId: '' })).status).toBe(400)
    expect((await patch(MORE_SESSIONS.localExplicit, { status: 'idle' })).status).toBe(400)
    expect((await patch(MORE_SESSIONS.localExplicit, { agentOverrides: { tools: [] } })).status).toBe(400)
    expect((await patch(MORE_SESSIONS.localExplicit, { memoryStoreIds: ['mem_missing'] })).status).toBe(404)
    expect((await patch(MORE_SESSIONS.archivedDocs, { vaultIds: [] })).status).toBe(409)
  })

  it('archives, restores and deletes idle sessions, and refuses while a turn is open', async () => {
    const id = MORE_SESSIONS.localExplicit
    const archived = await json<Session>(
      await harness.call(`/api/v1/agent-sessions/${id}/archive`, { method: 'POST' }),
    )
    expect(archived.archivedAt).toEqual(expect.any(Number))
    expect(harness.backend.db.sessions.get(id)?.events.at(-1)?.type).toBe('session.status_archived')
    const restored = await json<Session>(
      await harness.call(`/api/v1/agent-sessions/${id}/restore`, { method: 'POST' }),
    )
    expect(restored.archivedAt).toBeNull()
    expect(
      (await harness.call(`/api/v1/agent-sessions/${SESSION.needsApproval}/archive`, { method: 'POST' }))
        .status,
    ).toBe(409)
    expect(
      (await harness.call(`/api/v1/agent-sessions/${SESSION.labQueued}`, { method: 'DELETE' })).status,
    ).toBe(409)
    expect((await harness.call(`/api/v1/agent-sessions/${id}`, { method: 'DELETE', as: 'bob' })).status).toBe(
      403,
    )
    expect((await harness.call(`/api/v1/agent-sessions/${id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await harness.call(`/api/v1/agent-sessions/${id}`)).status).toBe(404)
  })
})
