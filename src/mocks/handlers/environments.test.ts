import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { sha256Hex } from '../lib/ids'
import { ENV, NS } from '../seed/fixture-ids'
import { startControlPlane, type ControlPlaneHarness } from '../testing/control-plane-server'

type Env = {
  id: string
  name: string
  type: string
  config: Record<string, unknown>
  createdAt: number
  updatedAt: number
  archivedAt: number | null
  apiKey?: string
}

const ROLE_DENIED = { error: 'namespace role does not allow resource configuration' }

let cp: ControlPlaneHarness
let alice: string
let bob: string
beforeEach(async () => {
  cp = await startControlPlane()
  alice = await cp.login('alice')
  bob = await cp.login('bob')
})
afterEach(() => {
  cp.server.close()
  expect(cp.contractFailures).toEqual([])
})

const listIds = async (token: string, query = '', namespace?: string) => {
  const response = await cp.call(`/api/environments${query}`, { token, ...(namespace ? { namespace } : {}) })
  expect(response.status).toBe(200)
  const items = (await response.json()) as Env[]
  return { ids: items.map((env) => env.id), items, total: Number(response.headers.get('X-Total-Count')) }
}

describe('list', () => {
  it('shows the namespace’s active environments newest first, with the total in X-Total-Count', async () => {
    const { ids, items, total } = await listIds(alice)
    expect(ids).toHaveLength(7)
    expect(total).toBe(7)
    expect(ids).toContain(ENV.edgeRunner)
    expect(ids).not.toContain(ENV.oldRemote)
    expect(ids).not.toContain(ENV.researchSandbox)
    expect(items.map((env) => env.updatedAt)).toEqual(
      [...items.map((env) => env.updatedAt)].sort((a, b) => b - a),
    )
    expect(items.every((env) => !('apiKey' in env))).toBe(true)

    expect((await listIds(alice, '', NS.research)).ids).toEqual([ENV.researchSandbox])
  })

  it('hides restricted environments from viewers, in the list and the total', async () => {
    const { ids, total } = await listIds(bob)
    expect(ids).not.toContain(ENV.edgeRunner)
    expect(total).toBe(6)
    expect((await cp.call(`/api/environments/${ENV.edgeRunner}`, { token: bob })).status).toBe(404)
  })

  it('pages with limit/offset and keeps the total of all matches', async () => {
    const all = (await listIds(alice)).ids
    const first = await listIds(alice, '?limit=3')
    const second = await listIds(alice, '?limit=3&offset=3')
    const last = await listIds(alice, '?limit=3&offset=6')
    expect([...first.ids, ...second.ids, ...last.ids]).toEqual(all)
    expect([first.total, second.total, last.total]).toEqual([7, 7, 7])
    expect((await listIds(alice, '?limit=500&offset=50')).ids).toEqual([])
  })

  it.each(['?limit=0', '?limit=501', '?limit=abc', '?limit=2.5', '?offset=2', '?limit=5&offset=-1'])(
    'rejects %s with 400 {error}',
    async (query) => {
      const response = await cp.call(`/api/environments${query}`, { token: alice })
      expect(response.status).toBe(400)
      const body = (await response.json()) as Record<string, unknown>
      expect(Object.keys(body)).toEqual(['error'])
      expect(typeof body.error).toBe('string')
    },
  )
})

describe('create', () => {
  it('returns the key once; reads never include it and only its hash is stored', async () => {
    const response = await cp.call('/api/environments', {
      method: 'POST',
      token: alice,
      body: { name: 'ci-runner', type: 'self_hosted', config: { isolationScope: 'SESSION' } },
    })
    expect(response.status).toBe(200)
    const created = (await response.json()) as Env
    expect(created.id).toMatch(/^env_/)
    expect(created.apiKey).toMatch(/^ek_/)
    expect(created).toMatchObject({
      name: 'ci-runner',
      type: 'self_hosted',
      config: { isolationScope: 'SESSION' },
      archivedAt: null,
    })
    expect(created.createdAt).toBe(cp.clock.now())

    const read = (await (await cp.call(`/api/environments/${created.id}`, { token: alice })).json()) as Env
    expect(read).not.toHaveProperty('apiKey')
    expect((await listIds(alice)).items.find((env) => env.id === created.id)).not.toHaveProperty('apiKey')

    const record = cp.backend.db.environments.get(created.id)
    expect(record?.keyHash).toBe(await sha256Hex(created.apiKey ?? ''))
    expect(JSON.stringify(record)).not.toContain(created.apiKey)
  })

  it('refuses viewers with the control plane’s 403', async () => {
    const response = await cp.call('/api/environments', {
      method: 'POST',
      token: bob,
      body: { name: 'x', type: 'sandbox' },
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual(ROLE_DENIED)
  })

  it('answers a missing name with a plain-text 400', async () => {
    for (const body of [{ type: 'sandbox' }, { name: '', type: 'sandbox' }]) {
      const response = await cp.call('/api/environments', { method: 'POST', token: alice, body })
      expect(response.status).toBe(400)
      expect(response.headers.get('Content-Type')).toMatch(/^text\/plain/)
      expect(await response.text()).toBe('name required')
    }
  })

  it('C7: an environment created without config stores null, and every read answers config: null', async () => {
    const created = await cp.call('/api/environments', {
      method: 'POST',
      token: alice,
      body: { name: 'default-local', type: 'local' },
    })
    const env = (await created.json()) as Env
    expect(env.config).toBeNull()
    expect(
      ((await (await cp.call(`/api/environments/${env.id}`, { token: alice })).json()) as Env).config,
    ).toBeNull()
    const listed = (await (await cp.call('/api/environments', { token: alice })).json()) as Env[]
    expect(listed.find((candidate) => candidate.id === env.id)?.config).toBeNull()
    // A PATCH with config null keeps what is stored; a config object replaces it.
    const renamed = await cp.call(`/api/environments/${env.id}`, {
      method: 'PATCH',
      token: alice,
      body: { name: 'renamed', config: null },
    })
    expect(((await renamed.json()) as Env).config).toBeNull()
  })

  it('C8: memoryAccess values other than read_only/read_write are a 400 on create and update', async () => {
    for (const memoryAccess of [{ mem_x: 'write' }, { mem_x: true }, 'read_only']) {
      const response = await cp.call('/api/environments', {
        method: 'POST',
        token: alice,
        body: { name: 'x', type: 'remote', config: { memoryAccess } },
      })
      expect(response.status, JSON.stringify(memoryAccess)).toBe(400)
    }
    const good = await cp.call('/api/environments', {
      method: 'POST',
      token: alice,
      body: { name: 'x', type: 'remote', config: { memoryAccess: { a: 'read_only', b: 'read_write' } } },
    })
    expect(good.status).toBe(200)
    const patched = await cp.call(`/api/environments/${ENV.sharedDocs}`, {
      method: 'PATCH',
      token: alice,
      body: { config: { memoryAccess: { a: 'admin' } } },
    })
    expect(patched.status).toBe(400)
  })

  it('C9: an unknown type is a 400 Unsupported environment type; a non-object config is a 400', async () => {
    const badType = await cp.call('/api/environments', {
      method: 'POST',
      token: alice,
      body: { name: 'x', type: 'kubernetes' },
    })
    expect(badType.status).toBe(400)
    expect(await badType.json()).toEqual({ error: 'Unsupported environment type' })
    const badConfig = await cp.call('/api/environments', {
      method: 'POST',
      token: alice,
      body: { name: 'x', type: 'sandbox', config: [] },
    })
    expect(badConfig.status).toBe(400)
    const badJson = await cp.call('/api/environments', { method: 'POST', token: alice, rawBody: '{nope' })
    expect(badJson.status).toBe(400)
  })

  it('refuses local environments when the deployment disables them', async () => {
    cp.backend.options.allowLocalEnvironments = false
    const response = await cp.call('/api/environments', {
      method: 'POST',
      token: alice,
      body: { name: 'x', type: 'local' },
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ error: 'local environments are disabled by deployment policy' })
    cp.backend.options.allowLocalEnvironments = true
    const allowed = await cp.call('/api/environments', {
      method: 'POST',
      token: alice,
      body: { name: 'x', type: 'LOCAL' },
    })
    expect(allowed.status).toBe(200)
    expect(((await allowed.json()) as Env).type).toBe('local')
  })
})

describe('read and edit', () => {
  it('answers 404 for other namespaces and unknown ids', async () => {
    expect((await cp.call(`/api/environments/${ENV.researchSandbox}`, { token: alice })).status).toBe(404)
    expect(
      (await cp.call(`/api/environments/${ENV.researchSandbox}`, { token: alice, namespace: NS.research }))
        .status,
    ).toBe(200)
    const missing = await cp.call('/api/environments/env_doesnotexist', { token: alice })
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: expect.stringContaining('not found') as unknown })
  })

  it('PATCH replaces config wholesale and keeps the keys it was sent exactly, unknown ones included', async () => {
    const before = (await (
      await cp.call(`/api/environments/${ENV.edgeRunner}`, { token: alice })
    ).json()) as Env
    const { packages: _dropped, ...kept } = before.config
    const config = { ...kept, exposedPorts: [8080] }
    cp.clock.advance(60_000)
    const response = await cp.call(`/api/environments/${ENV.edgeRunner}`, {
      method: 'PATCH',
      token: alice,
      body: { config },
    })
    expect(response.status).toBe(200)
    const after = (await response.json()) as Env
    expect(after.config).toEqual(config)
    expect(after.config).not.toHaveProperty('packages')
    expect(after.config.runnerLabels).toEqual({
      region: 'eu-west-1',
      hardware: { arch: 'arm64', cpus: 8, gpu: null },
    })
    expect(after.name).toBe(before.name)
    expect(after.updatedAt).toBe(cp.clock.now())
    // The list is ordered by updatedAt, so the edited environment moves to the top.
    expect((await listIds(alice)).ids[0]).toBe(ENV.edgeRunner)
  })

  it('PATCH renames, rejects an empty name, and refuses to change the type', async () => {
    const rename = await cp.call(`/api/environments/${ENV.e2bDefault}`, {
      method: 'PATCH',
      token: alice,
      body: { name: 'e2b-base' },
    })
    expect(((await rename.json()) as Env).name).toBe('e2b-base')
    const empty = await cp.call(`/api/environments/${ENV.e2bDefault}`, {
      method: 'PATCH',
      token: alice,
      body: { name: '' },
    })
    expect(empty.status).toBe(400)
    const retype = await cp.call(`/api/environments/${ENV.e2bDefault}`, {
      method: 'PATCH',
      token: alice,
      body: { type: 'remote' },
    })
    expect(retype.status).toBe(400)
    const sameType = await cp.call(`/api/environments/${ENV.e2bDefault}`, {
      method: 'PATCH',
      token: alice,
      body: { type: 'sandbox', config: {} },
    })
    expect(sameType.status).toBe(200)
  })

  it('C9: archive hides the environment from the list; a second archive and rotate answer 404, PATCH 409', async () => {
    const archived = await cp.call(`/api/environments/${ENV.sharedDocs}/archive`, {
      method: 'POST',
      token: alice,
    })
    expect(archived.status).toBe(200)
    expect(((await archived.json()) as Env).archivedAt).toBe(cp.clock.now())
    expect((await listIds(alice)).ids).not.toContain(ENV.sharedDocs)
    const again = await cp.call(`/api/environments/${ENV.sharedDocs}/archive`, {
      method: 'POST',
      token: alice,
    })
    expect(again.status).toBe(404)

    const patch = await cp.call(`/api/environments/${ENV.sharedDocs}`, {
      method: 'PATCH',
      token: alice,
      body: { name: 'x' },
    })
    expect(patch.status).toBe(409)
    expect(await patch.json()).toEqual({ error: 'environment is archived' })
    expect(
      (await cp.call(`/api/environments/${ENV.sharedDocs}/rotate-key`, { method: 'POST', token: alice }))
        .status,
    ).toBe(404)
    expect(
      (await cp.call(`/api/environments/${ENV.oldRemote}/rotate-key`, { method: 'POST', token: alice }))
        .status,
    ).toBe(404)
  })

  it('DELETE answers 204 and the environment is gone', async () => {
    const response = await cp.call(`/api/environments/${ENV.e2bDefault}`, { method: 'DELETE', token: alice })
    expect(response.status).toBe(204)
    expect(await response.text()).toBe('')
    expect((await cp.call(`/api/environments/${ENV.e2bDefault}`, { token: alice })).status).toBe(404)
  })

  it('gives viewers 403 on every mutation but lets them read', async () => {
    expect((await cp.call(`/api/environments/${ENV.buildWorkers}`, { token: bob })).status).toBe(200)
    const mutations = [
      { path: `/api/environments/${ENV.buildWorkers}`, method: 'PATCH', body: { name: 'x' } },
      { path: `/api/environments/${ENV.buildWorkers}`, method: 'DELETE' },
      { path: `/api/environments/${ENV.buildWorkers}/archive`, method: 'POST' },
      { path: `/api/environments/${ENV.buildWorkers}/rotate-key`, method: 'POST' },
    ]
    for (const { path, ...options } of mutations) {
      const response = await cp.call(path, { token: bob, ...options })
      expect(response.status).toBe(403)
      expect(await response.json()).toEqual(ROLE_DENIED)
    }
    expect(cp.backend.db.environments.get(ENV.buildWorkers)?.environment.archivedAt).toBeNull()
  })

  it('rotate-key returns a new key and replaces the stored hash', async () => {
    const before = cp.backend.db.environments.get(ENV.buildWorkers)?.keyHash
    const response = await cp.call(`/api/environments/${ENV.buildWorkers}/rotate-key`, {
      method: 'POST',
      token: alice,
    })
    expect(response.status).toBe(200)
    const rotated = (await response.json()) as Env
    expect(rotated.apiKey).toMatch(/^ek_/)
    const after = cp.backend.db.environments.get(ENV.buildWorkers)?.keyHash
    expect(after).not.toBe(before)
    expect(after).toBe(await sha256Hex(rotated.apiKey ?? ''))
  })
})
