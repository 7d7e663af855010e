import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ENV, NS, USERS } from '../seed/fixture-ids'
import { startControlPlane, type ControlPlaneHarness } from '../testing/control-plane-server'

type Entry = { resource: { kind: string; id: string; dependencies?: string[] | null }; actions: string[] }

let cp: ControlPlaneHarness
beforeEach(async () => {
  cp = await startControlPlane()
})
afterEach(() => {
  cp.server.close()
  expect(cp.contractFailures).toEqual([])
})

describe('identity', () => {
  it('signs in with a JWT-shaped token and answers /auth/me', async () => {
    const login = await cp.call('/api/auth/login', {
      method: 'POST',
      body: { username: 'alice', password: 'alice' },
    })
    expect(login.status).toBe(200)
    const body = (await login.json()) as { token: string; userId: string; roles: string[] }
    expect(body.token.split('.')).toHaveLength(3)
    expect(body).toMatchObject({ userId: USERS.alice.userId, username: 'alice', roles: ['developer'] })

    const me = await cp.call('/api/auth/me', { token: body.token })
    expect(await me.json()).toEqual({
      userId: USERS.alice.userId,
      username: 'alice',
      roles: ['developer'],
      isAdmin: false,
      aiAvailable: false,
    })
  })

  it('C22: /auth/me includes aiAvailable; the scope says single or multi and namespaces carry accessVersion and groups', async () => {
    const alice = await cp.login('alice')
    const me = (await (await cp.call('/api/auth/me', { token: alice })).json()) as Record<string, unknown>
    expect(me.aiAvailable).toBe(false)
    const scope = (await (await cp.call('/api/v1/me/scope', { token: alice })).json()) as {
      mode: string
      namespaces: Record<string, unknown>[]
    }
    expect(scope.mode).toBe('multi')
    for (const namespace of scope.namespaces) {
      expect(namespace).toMatchObject({ groups: [] })
      expect(typeof namespace.accessVersion).toBe('number')
      expect(namespace).not.toHaveProperty('version')
    }
    const bob = await cp.login('bob')
    const bobScope = (await (await cp.call('/api/v1/me/scope', { token: bob })).json()) as { mode: string }
    expect(bobScope.mode).toBe('single')
  })

  it('rejects bad credentials with 401 {error}', async () => {
    const response = await cp.call('/api/auth/login', {
      method: 'POST',
      body: { username: 'alice', password: 'nope' },
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: 'invalid username or password' })
    const missing = await cp.call('/api/auth/login', { method: 'POST', body: { username: 'alice' } })
    expect(missing.status).toBe(400)
  })

  it('revokes the token on logout: the same token then gets 401', async () => {
    const token = await cp.login('admin')
    expect((await cp.call('/api/auth/me', { token })).status).toBe(200)
    const logout = await cp.call('/api/auth/logout', { method: 'POST', token })
    expect(logout.status).toBe(204)
    const after = await cp.call('/api/auth/me', { token })
    expect(after.status).toBe(401)
    expect((await cp.call('/api/environments', { token })).status).toBe(401)
    // A later sign-in gets a new token (tokens minted in the same second are identical, as JWTs are).
    cp.clock.advance(1000)
    expect((await cp.call('/api/auth/me', { token: await cp.login('admin') })).status).toBe(200)
  })

  it('rejects a missing or forged token', async () => {
    expect((await cp.call('/api/auth/me')).status).toBe(401)
    const token = await cp.login('bob')
    const [header, , signature] = token.split('.')
    const forgedPayload = btoa(JSON.stringify({ sub: USERS.admin.userId, roles: ['admin'] })).replace(
      /=+$/,
      '',
    )
    expect((await cp.call('/api/auth/me', { token: `${header}.${forgedPayload}.${signature}` })).status).toBe(
      401,
    )
  })
})

describe('scope and namespaces', () => {
  it('lists only the namespaces the user is in', async () => {
    const bob = await cp.call('/api/v1/me/namespaces', { token: await cp.login('bob') })
    const bobBody = (await bob.json()) as { items: { name: string; roles: string[] }[] }
    expect(bobBody.items.map((ns) => ns.name)).toEqual([NS.team])
    expect(bobBody.items[0]?.roles).toEqual(['viewer'])

    const alice = await cp.call('/api/v1/me/namespaces', { token: await cp.login('alice') })
    const aliceBody = (await alice.json()) as {
      items: { name: string; displayName?: string; tenant: string }[]
    }
    expect(aliceBody.items.map((ns) => ns.name)).toEqual([NS.team, NS.research])
    expect(aliceBody.items[0]).toMatchObject({ tenant: 'acme', displayName: 'Team default', kind: 'shared' })
  })

  it('resolves the scope from the namespace header and hides foreign namespaces', async () => {
    const alice = await cp.login('alice')
    const scope = await cp.call('/api/v1/me/scope', { token: alice, namespace: NS.research })
    expect(await scope.json()).toMatchObject({
      tenant: 'acme',
      namespace: NS.research,
      selectorVisible: true,
    })

    const bob = await cp.login('bob')
    const bobScope = await cp.call('/api/v1/me/scope', { token: bob })
    expect(await bobScope.json()).toMatchObject({ namespace: NS.team, selectorVisible: false })
    expect((await cp.call('/api/environments', { token: bob, namespace: NS.research })).status).toBe(404)
    // Scope resolution answers 404 for a foreign namespace on every scoped route, as declared.
    expect(cp.contractFailures).toEqual([])
  })
})

describe('namespace resources', () => {
  const actionsFor = async (username: 'admin' | 'alice' | 'bob', ns: string = NS.team) => {
    const response = await cp.call(`/api/v1/namespaces/${ns}/resources`, { token: await cp.login(username) })
    expect(response.status).toBe(200)
    return ((await response.json()) as { items: Entry[] }).items
  }

  it('grants actions by role', async () => {
    const find = (items: Entry[]) => items.find((entry) => entry.resource.id === ENV.buildWorkers)?.actions
    expect(find(await actionsFor('bob'))).toEqual(['discover', 'use', 'inspect'])
    expect(find(await actionsFor('alice'))).toEqual(['discover', 'use', 'inspect', 'edit'])
    expect(find(await actionsFor('admin'))).toEqual([
      'discover',
      'use',
      'inspect',
      'edit',
      'publish',
      'manage',
    ])
  })

  it('covers every kind, hides restricted resources from viewers and archived ones from everyone', async () => {
    const alice = await actionsFor('alice')
    expect(new Set(alice.map((entry) => entry.resource.kind))).toEqual(
      new Set(['environment', 'managed-agent', 'memory', 'vault']),
    )
    expect(alice.some((entry) => entry.resource.id === ENV.edgeRunner)).toBe(true)
    expect(alice.some((entry) => entry.resource.id === ENV.oldRemote)).toBe(false)
    expect(alice.some((entry) => entry.resource.id === ENV.researchSandbox)).toBe(false)
    const releaseHelper = alice.find(
      (entry) =>
        entry.resource.kind === 'managed-agent' &&
        entry.resource.id === '3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01',
    )
    expect(releaseHelper?.resource.dependencies).toEqual([
      `environment/${ENV.buildWorkers}`,
      'memory/mem_runbooks00001',
      'vault/vlt_ci00000000001',
    ])

    const bob = await actionsFor('bob')
    expect(bob.some((entry) => entry.resource.id === ENV.edgeRunner)).toBe(false)
  })

  it('answers 404 for a namespace the user is not in', async () => {
    const response = await cp.call(`/api/v1/namespaces/${NS.research}/resources`, {
      token: await cp.login('bob'),
    })
    expect(response.status).toBe(404)
    expect(await actionsFor('alice', NS.research)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          resource: expect.objectContaining({ id: ENV.researchSandbox }) as unknown,
        }),
      ]),
    )
  })
})
