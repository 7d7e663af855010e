import { describe, expect, it } from 'vitest'
import {
  decodeAgent,
  decodeAgentList,
  decodeDefinitionEnvelope,
  decodeSavedDefinition,
  decodeVersion,
  decodeVersionList,
} from './decode-agent'
import { isApiError } from '@/api/api-error'

/** A catalog agent as the upstream list sends it (api-notes C5). */
const catalog = {
  id: '6f1c2c52-3a9e-4e0e-9b53-1e0a1c3c9f10',
  agentKey: 'release-helper',
  displayName: 'Release helper',
  description: 'Cuts releases',
  ownerType: 'namespace',
  ownerRef: 'namespace:acme:default',
  status: 'provisioning_failed',
  tenant: 'acme',
  namespace: 'default',
  version: 3,
  createdAt: '2026-11-30T08:00:00Z',
  updatedAt: '2026-11-30T09:30:00.5Z',
  archivedAt: null,
}

const definition = {
  id: 'def_1',
  scope: 'user',
  ownerId: 'usr_alice',
  version: 4,
  name: 'Release helper',
  defaultEnvironmentId: 'env_1',
  defaultMemoryStoreIds: [],
  createdAt: 1_800_000_000_000,
  archivedAt: null,
}

describe('catalog agents', () => {
  it('are named by displayName, with ISO times as epoch ms and the status as sent', () => {
    expect(decodeAgent(catalog)).toEqual({
      id: catalog.id,
      name: 'Release helper',
      displayName: 'Release helper',
      agentKey: 'release-helper',
      description: 'Cuts releases',
      status: 'provisioning_failed',
      tenant: 'acme',
      namespace: 'default',
      createdAt: Date.UTC(2026, 10, 30, 8),
      updatedAt: Date.UTC(2026, 10, 30, 9, 30, 0, 500),
      archivedAt: null,
    })
  })

  it('fall back to agentKey, then the id, for a name; an older server’s name and epoch times are read too', () => {
    expect(decodeAgent({ ...catalog, displayName: '' }).name).toBe('release-helper')
    expect(decodeAgent({ id: 'a1', status: 'active' }).name).toBe('a1')
    const older = decodeAgent({
      id: 'agt_1',
      name: 'Triage bot',
      status: 'archived',
      createdAt: 5,
      archivedAt: 9,
    })
    expect(older).toMatchObject({ name: 'Triage bot', displayName: null, createdAt: 5, archivedAt: 9 })
  })

  it('never read a default environment from the catalog: it lives in the definition only', () => {
    expect(decodeAgent({ ...catalog, defaultEnvironmentId: 'env_9' })).not.toHaveProperty(
      'defaultEnvironmentId',
    )
  })

  it('come as {items} or a bare array', () => {
    expect(decodeAgentList({ items: [catalog] })).toHaveLength(1)
    expect(decodeAgentList([catalog])).toHaveLength(1)
    expect(() => decodeAgentList({ agents: [] })).toThrow()
  })
})

describe('definitions', () => {
  it('keep every field of the GET answer for the read-modify-write', () => {
    expect(decodeDefinitionEnvelope({ agentId: catalog.id, definition }, catalog.id)).toEqual({
      agentId: catalog.id,
      definition,
    })
  })

  it('read an ISO updatedAt as epoch ms', () => {
    const { definition: decoded } = decodeDefinitionEnvelope(
      { definition: { ...definition, updatedAt: '2026-11-30T08:00:00Z' } },
      'agt_1',
    )
    expect(decoded.updatedAt).toBe(Date.UTC(2026, 10, 30, 8))
  })

  it('accept the PATCH answer as {agent, definition} (upstream, C6) and as {agentId, definition}', () => {
    const upstream = decodeSavedDefinition({ agent: catalog, definition: { ...definition, version: 5 } })
    expect(upstream.definition.version).toBe(5)
    expect(upstream.agent?.name).toBe('Release helper')
    const older = decodeSavedDefinition({ agentId: 'agt_1', definition: { ...definition, version: 5 } })
    expect(older).toEqual({ definition: { ...definition, version: 5 }, agent: null })
  })

  it('refuse a definition without a version, which a save could not send back', () => {
    const error = (() => {
      try {
        decodeSavedDefinition({ agent: catalog, definition: { name: 'x' } })
      } catch (caught) {
        return caught
      }
      return null
    })()
    expect(isApiError(error) && error.kind).toBe('malformed')
  })
})

describe('versions', () => {
  it('read the upstream list {agentId, versions:[{version, snapshot, createdAt}]} (C1)', () => {
    const versions = decodeVersionList({
      agentId: catalog.id,
      versions: [
        { version: 2, snapshot: { name: 'Release helper', defaultEnvironmentId: 'env_2' }, createdAt: 2_000 },
        { version: 1, snapshot: { name: 'Release helper' }, createdAt: '2026-11-30T08:00:00Z' },
      ],
    })
    expect(versions).toEqual([
      {
        version: 2,
        createdAt: 2_000,
        createdBy: null,
        summary: null,
        definition: { name: 'Release helper', defaultEnvironmentId: 'env_2', version: 2 },
      },
      {
        version: 1,
        createdAt: Date.UTC(2026, 10, 30, 8),
        createdBy: null,
        summary: null,
        definition: { name: 'Release helper', version: 1 },
      },
    ])
  })

  it('read our older {items:[{version, definition, createdBy, summary}]} and entries without a snapshot', () => {
    const [older, bare] = decodeVersionList({
      items: [
        { version: 3, createdAt: 3, createdBy: 'alice', summary: 'Changed model', definition },
        { version: 2, createdAt: 2 },
      ],
    })
    expect(older).toMatchObject({ version: 3, createdBy: 'alice', summary: 'Changed model' })
    expect(older?.definition?.defaultEnvironmentId).toBe('env_1')
    expect(bare?.definition).toBeNull()
  })

  it('read one version as {agentId, version:{…}} (upstream) or as the entry itself', () => {
    const upstream = decodeVersion({
      agentId: catalog.id,
      version: { version: 2, snapshot: { name: 'x', defaultEnvironmentId: 'env_2' }, createdAt: 7 },
    })
    expect(upstream).toMatchObject({
      version: 2,
      createdAt: 7,
      definition: { defaultEnvironmentId: 'env_2' },
    })
    expect(decodeVersion({ version: 2, definition, createdAt: 7 }).definition?.version).toBe(4)
  })
})
