import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { ARCHIVED_AGENT_ID } from '../seed/seed-control-plane'
import { AGENT, ENV, MEMORY, NS, VAULT } from '../seed/fixture-ids'
import { startControlPlane, type ControlPlaneHarness } from '../testing/control-plane-server'

type Schemas = components['schemas']
type Envelope = Schemas['AgentDefinitionEnvelope']

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

const readDefinition = async (agentId: string, token = alice) => {
  const response = await cp.call(`/api/v1/agents/${agentId}/definition`, { token })
  expect(response.status).toBe(200)
  return ((await response.json()) as Envelope).definition
}

/** The console's read-modify-write: everything from the last GET, plus the change. */
const patchDefinition = (agentId: string, body: Record<string, unknown>, token = alice) =>
  cp.call(`/api/v1/agents/${agentId}/definition`, { method: 'PATCH', token, body })

describe('agent list', () => {
  it('lists active agents of the namespace in {items}', async () => {
    const response = await cp.call('/api/v1/agents', { token: alice })
    const { items } = (await response.json()) as Schemas['AgentList']
    expect(items.map((agent) => agent.id).sort()).toEqual(
      [AGENT.releaseHelper, AGENT.docsWriter, AGENT.dataAnalyst, AGENT.triageBot].sort(),
    )
    const research = await cp.call('/api/v1/agents', { token: alice, namespace: NS.research })
    expect(research.status).toBe(200)
    expect(((await research.json()) as Schemas['AgentList']).items.map((agent) => agent.id)).toEqual([
      AGENT.researchScout,
    ])
  })

  it('C5: catalog agents carry displayName, agentKey and ISO times, and no name or defaultEnvironmentId', async () => {
    const { items } = (await (
      await cp.call('/api/v1/agents', { token: alice })
    ).json()) as Schemas['AgentList']
    const release = items.find((agent) => agent.id === AGENT.releaseHelper)
    expect(release).toEqual({
      id: AGENT.releaseHelper,
      agentKey: 'release-helper',
      displayName: 'release-helper',
      description: expect.stringContaining('release branches') as unknown,
      ownerType: 'user',
      ownerRef: 'usr_alice',
      status: 'active',
      tenant: 'acme',
      namespace: NS.team,
      version: 1,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      archivedAt: null,
    })
    for (const agent of items) {
      expect(agent).not.toHaveProperty('name')
      expect(agent).not.toHaveProperty('defaultEnvironmentId')
    }
    // The default the catalog does not carry lives in the definition.
    expect((await readDefinition(AGENT.releaseHelper)).defaultEnvironmentId).toBe(ENV.buildWorkers)
  })

  it('includes archived agents on request and honours status and limit', async () => {
    const withArchived = (await (
      await cp.call('/api/v1/agents?includeArchived=true', { token: alice })
    ).json()) as Schemas['AgentList']
    expect(withArchived.items).toHaveLength(5)
    const archived = (await (
      await cp.call('/api/v1/agents?status=archived', { token: alice })
    ).json()) as Schemas['AgentList']
    expect(archived.items.map((agent) => agent.id)).toEqual([ARCHIVED_AGENT_ID])
    const limited = (await (
      await cp.call('/api/v1/agents?limit=2', { token: alice })
    ).json()) as Schemas['AgentList']
    expect(limited.items).toHaveLength(2)
    expect((await cp.call('/api/v1/agents?status=deleted', { token: alice })).status).toBe(400)
    expect((await cp.call('/api/v1/agents?limit=0', { token: alice })).status).toBe(400)
    expect((await cp.call(`/api/v1/agents?namespace=${NS.research}`, { token: alice })).status).toBe(400)
  })
})

describe('definition', () => {
  it('reads the definition with its version and session defaults', async () => {
    const definition = await readDefinition(AGENT.releaseHelper)
    expect(definition).toMatchObject({
      version: 3,
      name: 'release-helper',
      defaultEnvironmentId: ENV.buildWorkers,
      defaultMemoryStoreIds: [MEMORY.runbooks],
      defaultVaultIds: [VAULT.ci],
      multiagent: null,
    })
    expect((await cp.call(`/api/v1/agents/${AGENT.researchScout}/definition`, { token: alice })).status).toBe(
      404,
    )
  })

  it('PATCH with the current version stores the change, bumps the version and records history', async () => {
    const current = await readDefinition(AGENT.releaseHelper)
    cp.clock.advance(1_000)
    const response = await patchDefinition(AGENT.releaseHelper, {
      ...current,
      defaultEnvironmentId: ENV.e2bPython,
      defaultVaultIds: [],
    })
    expect(response.status).toBe(200)
    const { definition } = (await response.json()) as Schemas['AgentDefinitionUpdated']
    expect(definition).toEqual({
      ...current,
      version: 4,
      defaultEnvironmentId: ENV.e2bPython,
      defaultVaultIds: [],
      updatedAt: cp.clock.now(),
      updatedBy: 'usr_alice',
    })
    expect(await readDefinition(AGENT.releaseHelper)).toEqual(definition)
  })

  it('C1: versions list as {agentId, versions:[{version, snapshot, createdAt}]}, one version as {agentId, version}', async () => {
    const current = await readDefinition(AGENT.releaseHelper)
    cp.clock.advance(1_000)
    await patchDefinition(AGENT.releaseHelper, { ...current, defaultEnvironmentId: ENV.e2bPython })
    const list = (await (
      await cp.call(`/api/v1/agents/${AGENT.releaseHelper}/versions`, { token: alice })
    ).json()) as Record<string, unknown>
    expect(Object.keys(list).sort()).toEqual(['agentId', 'versions'])
    const { versions } = list as Schemas['AgentVersionList']
    expect(versions.map((version) => version.version)).toEqual([4, 3, 2, 1])
    for (const version of versions)
      expect(Object.keys(version).sort()).toEqual(['createdAt', 'snapshot', 'version'])
    expect(versions[0]).toMatchObject({
      version: 4,
      createdAt: cp.clock.now(),
      snapshot: { version: 4, defaultEnvironmentId: ENV.e2bPython },
    })
    const one = (await (
      await cp.call(`/api/v1/agents/${AGENT.releaseHelper}/versions/2`, { token: alice })
    ).json()) as Schemas['AgentVersionEnvelope']
    expect(one.agentId).toBe(AGENT.releaseHelper)
    expect(one.version.snapshot.defaultEnvironmentId).toBe(ENV.buildWorkers)
    expect((await cp.call(`/api/v1/agents/${AGENT.releaseHelper}/versions/9`, { token: alice })).status).toBe(
      404,
    )
    expect(
      (await cp.call(`/api/v1/agents/${AGENT.releaseHelper}/versions/latest`, { token: alice })).status,
    ).toBe(400)
  })

  it('C6: PATCH answers {agent, definition} without agentId, drops workspaceBinding, and definitions carry id, scope, ownerId, createdAt, archivedAt', async () => {
    const current = await readDefinition(AGENT.releaseHelper)
    expect(current).toMatchObject({
      id: AGENT.releaseHelper,
      scope: 'user',
      ownerId: 'usr_alice',
      archivedAt: null,
    })
    expect(typeof current.createdAt).toBe('number')
    const response = await patchDefinition(AGENT.releaseHelper, {
      ...current,
      name: 'release-helper-2',
      workspaceBinding: { mode: 'pinned', ref: 'v1' },
    })
    const body = (await response.json()) as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(['agent', 'definition'])
    const { agent, definition } = body as Schemas['AgentDefinitionUpdated']
    expect(definition).not.toHaveProperty('workspaceBinding')
    expect(definition).toMatchObject({ name: 'release-helper-2', id: AGENT.releaseHelper, scope: 'user' })
    // The catalog entry follows the name, and bumps its own record version.
    expect(agent).toMatchObject({ id: AGENT.releaseHelper, displayName: 'release-helper-2', version: 2 })
    expect(await readDefinition(AGENT.releaseHelper)).not.toHaveProperty('workspaceBinding')
  })

  it('clears the fields a PATCH leaves out (not a merge)', async () => {
    const response = await patchDefinition(AGENT.releaseHelper, {
      version: 3,
      name: 'release-helper',
      defaultEnvironmentId: ENV.buildWorkers,
    })
    const { definition } = (await response.json()) as Schemas['AgentDefinitionUpdated']
    expect(definition).toMatchObject({
      system: null,
      model: null,
      tools: [],
      mcpServers: [],
      defaultMemoryStoreIds: [],
      defaultVaultIds: [],
      defaultEnvironmentId: ENV.buildWorkers,
    })
  })

  it('answers a stale version with 409 version_conflict and changes nothing', async () => {
    const current = await readDefinition(AGENT.releaseHelper)
    const response = await patchDefinition(AGENT.releaseHelper, {
      ...current,
      version: 2,
      model: 'qwen-plus',
    })
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({
      error: 'managed definition version conflict',
      code: 'version_conflict',
    })
    expect(await readDefinition(AGENT.releaseHelper)).toEqual(current)
  })

  it('requires a name and a version', async () => {
    const current = await readDefinition(AGENT.triageBot)
    expect((await patchDefinition(AGENT.triageBot, { ...current, name: '' })).status).toBe(400)
    const { version: _version, ...withoutVersion } = current
    expect((await patchDefinition(AGENT.triageBot, withoutVersion)).status).toBe(400)
  })

  it('stores a non-positive maxIters as 20', async () => {
    const current = await readDefinition(AGENT.triageBot)
    const { definition } = (await (
      await patchDefinition(AGENT.triageBot, { ...current, maxIters: 0 })
    ).json()) as Schemas['AgentDefinitionUpdated']
    expect(definition.maxIters).toBe(20)
  })

  it('validates the default environment, memory stores and vaults', async () => {
    const current = await readDefinition(AGENT.triageBot)
    for (const defaultEnvironmentId of [ENV.oldRemote, ENV.researchSandbox, 'env_unknown']) {
      const response = await patchDefinition(AGENT.triageBot, { ...current, defaultEnvironmentId })
      expect(response.status).toBe(400)
    }
    expect(
      (await patchDefinition(AGENT.triageBot, { ...current, defaultMemoryStoreIds: ['mem_nope'] })).status,
    ).toBe(400)
    expect(
      (await patchDefinition(AGENT.triageBot, { ...current, defaultVaultIds: ['vlt_nope'] })).status,
    ).toBe(400)
    expect(await readDefinition(AGENT.triageBot)).toEqual(current)
  })

  it('refuses a local default environment while local environments are disabled', async () => {
    const current = await readDefinition(AGENT.triageBot)
    cp.backend.options.allowLocalEnvironments = false
    const response = await patchDefinition(AGENT.triageBot, {
      ...current,
      defaultEnvironmentId: ENV.dataplaneLocal,
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: 'local environments are disabled by deployment policy',
    })
    cp.backend.options.allowLocalEnvironments = true
    expect(
      (await patchDefinition(AGENT.triageBot, { ...current, defaultEnvironmentId: ENV.dataplaneLocal }))
        .status,
    ).toBe(200)
  })

  it('gives viewers read access but 403 on PATCH; archived agents answer 409', async () => {
    const bob = await cp.login('bob')
    const current = await readDefinition(AGENT.docsWriter, bob)
    const denied = await patchDefinition(AGENT.docsWriter, { ...current }, bob)
    expect(denied.status).toBe(403)
    expect(await denied.json()).toEqual({ error: 'namespace role does not allow resource configuration' })

    const archived = await readDefinition(ARCHIVED_AGENT_ID)
    expect((await patchDefinition(ARCHIVED_AGENT_ID, { ...archived })).status).toBe(409)
  })
})
