import { describe, expect, it } from 'vitest'
import type { AgentDefinition } from './agent-types'
import { mergeSessionDefaults } from './merge-session-defaults'

const definition: AgentDefinition = {
  version: 3,
  name: 'release-helper',
  description: 'Cuts release branches.',
  system: "You are the release assistant. Don't push tags.",
  model: 'qwen-max',
  maxIters: 30,
  workspaceId: 'ws_1',
  workspaceBinding: { mode: 'shared', ref: 'main' },
  workspacePath: '/repos/platform',
  tools: [{ name: 'execute', enabled: true, requireConfirmation: false }],
  mcpServers: [{ name: 'github', url: 'https://mcp.example/github' }],
  skills: [{ name: 'semver-bump', version: '1.2.0' }],
  multiagent: null,
  defaultEnvironmentId: 'env_old',
  defaultMemoryStoreIds: ['mem_1'],
  defaultVaultIds: ['vlt_1'],
  updatedAt: 1_700_000_000_000,
  updatedBy: 'usr_admin',
  // A field a newer server added: it must survive the round trip.
  routingHints: { region: 'eu' },
}

describe('mergeSessionDefaults', () => {
  it('replaces only the three defaults and keeps every other writable field and the version', () => {
    const body = mergeSessionDefaults(definition, {
      defaultEnvironmentId: 'env_new',
      defaultMemoryStoreIds: [],
      defaultVaultIds: ['vlt_2'],
    })
    const { updatedAt: _at, updatedBy: _by, ...writable } = definition
    expect(body).toEqual({
      ...writable,
      defaultEnvironmentId: 'env_new',
      defaultMemoryStoreIds: [],
      defaultVaultIds: ['vlt_2'],
    })
  })

  it('clears the environment with null, not by leaving it out', () => {
    const body = mergeSessionDefaults(definition, {
      defaultEnvironmentId: null,
      defaultMemoryStoreIds: [],
      defaultVaultIds: [],
    })
    expect(body).toHaveProperty('defaultEnvironmentId', null)
    expect(JSON.parse(JSON.stringify(body))).toHaveProperty('defaultEnvironmentId', null)
  })

  it('never shares objects with the definition it read', () => {
    const body = mergeSessionDefaults(definition, {
      defaultEnvironmentId: null,
      defaultMemoryStoreIds: [],
      defaultVaultIds: [],
    })
    expect(body.tools).toEqual(definition.tools)
    expect(body.tools).not.toBe(definition.tools)
    expect(body.workspaceBinding).not.toBe(definition.workspaceBinding)
  })
})
