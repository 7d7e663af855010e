import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { AGENT, ENV, MEMORY, NS, SESSION, USERS, VAULT } from '../seed/fixture-ids'
import { MORE_SESSIONS } from '../seed/seed-sessions'
import { readJson, startSessionBackend, type SessionHarness } from '../testing/session-harness'

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

/** Alice's sessions in the seed: everything she owns, in any namespace. */
const ownedBy = (userId: string) =>
  [...harness.backend.db.sessions.values()].filter((record) => record.session.ownerId === userId)

describe('GET /api/v1/agent-sessions', () => {
  it('C2: answers a bare array that honours limit/offset, with the total in X-Total-Count', async () => {
    const response = await harness.call('/api/v1/agent-sessions?status=all')
    expect(response.status).toBe(200)
    const all = await readJson<Session[]>(response)
    expect(Array.isArray(all)).toBe(true)
    expect(response.headers.get('X-Total-Count')).toBe(String(all.length))
    const seen: string[] = []
    for (let offset = 0; offset < all.length; offset += 4) {
      const page = await harness.call(`/api/v1/agent-sessions?status=all&limit=4&offset=${offset}`)
      const items = await readJson<Session[]>(page)
      expect(Array.isArray(items)).toBe(true)
      expect(items.length).toBeLessThanOrEqual(4)
      expect(page.headers.get('X-Total-Count')).toBe(String(all.length))
      seen.push(...items.map((session) => session.id))
    }
    expect(seen).toEqual(all.map((session) => session.id))
    // Newest update first.
    const updated = all.map((session) => session.updatedAt)
    expect(updated).toEqual([...updated].sort((a, b) => b - a))
    expect((await harness.call('/api/v1/agent-sessions?limit=0')).status).toBe(400)
    expect((await harness.call('/api/v1/agent-sessions?offset=2')).status).toBe(400)
  })

  it('C2 (docs variant): answers {items, next_offset} pages that cover the list exactly once', async () => {
    harness.backend.options.apiVariant = 'docs'
    const whole = await readJson<SessionPage>(await harness.call('/api/v1/agent-sessions?status=all'))
    expect(whole.next_offset).toBeNull()
    const seen: string[] = []
    let offset: number | null = 0
    while (offset !== null) {
      const page: SessionPage = await readJson<SessionPage>(
        await harness.call(`/api/v1/agent-sessions?status=all&limit=4&offset=${offset}`),
      )
      expect(page.items.length).toBeLessThanOrEqual(4)
      seen.push(...page.items.map((session) => session.id))
      offset = page.next_offset
    }
    expect(seen).toEqual(whole.items.map((session) => session.id))
  })

  it('C3: filters by status and agentId only; environmentId is ignored', async () => {
    const archived = await readJson<Session[]>(await harness.call('/api/v1/agent-sessions?status=archived'))
    expect(archived.map((session) => session.id)).toEqual([MORE_SESSIONS.archivedDocs])
    const docs = await readJson<Session[]>(
      await harness.call(`/api/v1/agent-sessions?status=all&agentId=${AGENT.docsWriter}`),
    )
    expect(docs.length).toBeGreaterThan(0)
    expect(docs.every((session) => session.agentId === AGENT.docsWriter)).toBe(true)
    const unfiltered = await readJson<Session[]>(await harness.call('/api/v1/agent-sessions'))
    const byEnvironment = await readJson<Session[]>(
      await harness.call(`/api/v1/agent-sessions?environmentId=${ENV.labBox}`),
    )
    expect(byEnvironment.map((session) => session.id)).toEqual(unfiltered.map((session) => session.id))
    expect(byEnvironment.some((session) => session.environmentId !== ENV.labBox)).toBe(true)
    expect((await harness.call('/api/v1/agent-sessions?status=deleted')).status).toBe(400)
  })

  it('C4: lists and reads only the caller’s own sessions, whatever the namespace', async () => {
    const mine = await readJson<Session[]>(await harness.call('/api/v1/agent-sessions?status=all'))
    expect(mine.map((session) => session.id).sort()).toEqual(
      ownedBy(USERS.alice.userId)
        .map((record) => record.session.id)
        .sort(),
    )
    expect(mine.every((session) => session.ownerId === USERS.alice.userId)).toBe(true)
    // admin's sessions exist but are not alice's business: absent from her list and 404 by id.
    expect(mine.map((session) => session.id)).not.toContain(MORE_SESSIONS.localExplicit)
    expect((await harness.call(`/api/v1/agent-sessions/${MORE_SESSIONS.localExplicit}`)).status).toBe(404)
    expect(
      (await harness.call(`/api/v1/agent-sessions/${MORE_SESSIONS.localExplicit}/snapshot`)).status,
    ).toBe(404)
    // The namespace neither widens nor narrows it: admin sees the research session in the team namespace.
    const admin = await readJson<Session[]>(await harness.call('/api/v1/agent-sessions', { as: 'admin' }))
    expect(admin.map((session) => session.id)).toContain(MORE_SESSIONS.research)
    const adminInResearch = await readJson<Session[]>(
      await harness.call('/api/v1/agent-sessions', { as: 'admin', namespace: NS.research }),
    )
    expect(adminInResearch.map((session) => session.id).sort()).toEqual(admin.map((s) => s.id).sort())
    expect(await readJson<Session[]>(await harness.call('/api/v1/agent-sessions', { as: 'bob' }))).toEqual([])
  })
})

describe('POST /api/v1/agent-sessions', () => {
  const create = (body: unknown, key?: string, as: 'alice' | 'bob' | 'admin' = 'alice') =>
    harness.call('/api/v1/agent-sessions', {
      method: 'POST',
      body,
      as,
      headers: key ? { 'Idempotency-Key': key } : {},
    })

  it('inherits the agent default environment, its mounts and its definition version', async () => {
    const response = await create({ agent: AGENT.releaseHelper })
    expect(response.status).toBe(200)
    const session = await readJson<Session>(response)
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

  it('C22: sessions carry agentRefType latest|version, agentOverridesJson "" when empty, and agentOwnerId', async () => {
    const latest = await readJson<Session>(await create({ agent: AGENT.releaseHelper }))
    expect(latest).toMatchObject({
      agentRefType: 'latest',
      agentOverridesJson: '',
      agentOwnerId: USERS.alice.userId,
      ownerId: USERS.alice.userId,
    })
    const pinned = await readJson<Session>(await create({ agent: { id: AGENT.releaseHelper, version: 2 } }))
    expect(pinned).toMatchObject({ agentRefType: 'version', agentVersion: 2 })
    const overridden = await readJson<Session>(
      await create({ agent: AGENT.releaseHelper, agentOverrides: { model: 'qwen-plus' } }),
    )
    expect(JSON.parse(overridden.agentOverridesJson ?? '')).toEqual({ model: 'qwen-plus' })
    for (const session of await readJson<Session[]>(
      await harness.call('/api/v1/agent-sessions?status=all'),
    )) {
      expect(typeof session.agentOverridesJson).toBe('string')
      expect(session.agentOwnerId).toBeTruthy()
      expect(['latest', 'version']).toContain(session.agentRefType)
    }
  })

  it('uses an explicit environment for this session only, and `[]` mounts nothing', async () => {
    const session = await readJson<Session>(
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

  it('C17: with no environment and no agent default the server picks the caller’s oldest environment', async () => {
    const session = await readJson<Session>(await create({ agent: AGENT.triageBot }))
    const owner = `namespace:acme:${NS.team}`
    const oldest = [...harness.backend.db.environments.values()]
      .filter((record) => record.environment.ownerId === owner && record.environment.archivedAt === null)
      .sort((a, b) => a.environment.createdAt - b.environment.createdAt)[0]
    expect(oldest?.environment.id).toBe(ENV.buildWorkers)
    expect(session.environmentId).toBe(ENV.buildWorkers)
    // The choice was the server's: no recorded source for the console to repeat.
    expect(session.environmentSource).toBeUndefined()
  })

  it('C17: with no environment of the caller at all the server creates default-local', async () => {
    for (const record of harness.backend.db.environments.values()) {
      if (record.environment.ownerId === `namespace:acme:${NS.team}`) record.environment.archivedAt = 1
    }
    const before = harness.backend.db.environments.size
    const session = await readJson<Session>(await create({ agent: AGENT.triageBot }))
    expect(harness.backend.db.environments.size).toBe(before + 1)
    const created = harness.backend.db.environments.get(session.environmentId ?? '')?.environment
    expect(created).toMatchObject({ name: 'default-local', type: 'local', config: null })
  })

  it('C16: ignores Idempotency-Key, so a retried create makes a second session', async () => {
    const first = await readJson<Session>(
      await create({ agent: AGENT.releaseHelper, externalKey: 't-1' }, 'k-1'),
    )
    const count = harness.backend.db.sessions.size
    const again = await create({ agent: AGENT.releaseHelper, externalKey: 't-1' }, 'k-1')
    expect(again.status).toBe(200)
    expect((await readJson<Session>(again)).id).not.toBe(first.id)
    expect(harness.backend.db.sessions.size).toBe(count + 1)
    // Another body with the same key is simply another session, not a 409.
    expect((await create({ agent: AGENT.docsWriter }, 'k-1')).status).toBe(200)
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
  const post = (id: string, action: 'archive' | 'restore') =>
    harness.call(`/api/v1/agent-sessions/${id}/${action}`, { method: 'POST' })

  it('409s a PATCH while a turn is active, saying the work must finish first', async () => {
    const response = await patch(SESSION.buildActive, { environmentId: ENV.labBox })
    expect(response.status).toBe(409)
    const body = await readJson<{ message: string; code: string }>(response)
    expect(body.code).toBe('session_busy')
    expect(body.message).toMatch(/finish/)
    expect(harness.backend.db.sessions.get(SESSION.buildActive)?.session.environmentId).toBe(ENV.buildWorkers)
  })

  it('switches the environment of an idle session and records why', async () => {
    harness.clock.advance(1_000)
    const response = await patch(MORE_SESSIONS.fresh, {
      environmentId: ENV.e2bPython,
      agentOverrides: { model: 'qwen-max' },
    })
    expect(response.status).toBe(200)
    const session = await readJson<Session>(response)
    expect(session).toMatchObject({
      environmentId: ENV.e2bPython,
      environmentSource: 'changed',
      environmentChangedAt: harness.clock.now(),
    })
    expect(JSON.parse(session.agentOverridesJson ?? 'null')).toEqual({ model: 'qwen-max' })
    const cleared = await readJson<Session>(
      await patch(MORE_SESSIONS.fresh, { agentOverrides: { model: null } }),
    )
    expect(cleared.agentOverridesJson).toBe('')
  })

  it('validates PATCH bodies and refuses archived sessions', async () => {
    expect((await patch(MORE_SESSIONS.fresh, {})).status).toBe(400)
    expect((await patch(MORE_SESSIONS.fresh, { environmentId: '' })).status).toBe(400)
    expect((await patch(MORE_SESSIONS.fresh, { status: 'idle' })).status).toBe(400)
    expect((await patch(MORE_SESSIONS.fresh, { agentOverrides: { tools: [] } })).status).toBe(400)
    expect((await patch(MORE_SESSIONS.fresh, { memoryStoreIds: ['mem_missing'] })).status).toBe(404)
    expect((await patch(MORE_SESSIONS.archivedDocs, { vaultIds: [] })).status).toBe(409)
  })

  it('C18: archive and delete do not wait for running work; archiving twice is 404; restore sets active', async () => {
    // needsApproval has an open turn: upstream archives it anyway.
    const archived = await post(SESSION.needsApproval, 'archive')
    expect(archived.status).toBe(200)
    const archivedSession = await readJson<Session>(archived)
    expect(archivedSession.status).toBe('archived')
    expect(typeof archivedSession.archivedAt).toBe('number')
    expect((await post(SESSION.needsApproval, 'archive')).status).toBe(404)
    const restored = await post(SESSION.needsApproval, 'restore')
    expect(await readJson<Session>(restored)).toMatchObject({ status: 'active', archivedAt: null })
    expect((await post(SESSION.needsApproval, 'restore')).status).toBe(404)
    // labQueued's turn waits for a worker: the delete goes through.
    expect(
      (await harness.call(`/api/v1/agent-sessions/${SESSION.labQueued}`, { method: 'DELETE' })).status,
    ).toBe(204)
    expect((await harness.call(`/api/v1/agent-sessions/${SESSION.labQueued}`)).status).toBe(404)
  })

  it('keeps viewers read-only and others’ sessions out of reach', async () => {
    const id = MORE_SESSIONS.fresh
    expect((await harness.call(`/api/v1/agent-sessions/${id}`, { method: 'DELETE', as: 'bob' })).status).toBe(
      404,
    )
    expect((await harness.call(`/api/v1/agent-sessions/${id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await harness.call(`/api/v1/agent-sessions/${id}`)).status).toBe(404)
  })
})
