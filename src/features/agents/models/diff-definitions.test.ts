import { describe, expect, it } from 'vitest'
import type { AgentDefinition } from './agent-types'
import { diffDefinitions } from './diff-definitions'

const base: AgentDefinition = {
  version: 3,
  name: 'release-helper',
  system: 'Be careful.',
  model: 'qwen-max',
  tools: [{ name: 'execute', enabled: true }],
  workspaceBinding: { mode: 'shared', ref: 'main' },
  defaultEnvironmentId: 'env_a',
  defaultMemoryStoreIds: [],
  updatedAt: 1,
  updatedBy: 'usr_alice',
}

describe('diffDefinitions', () => {
  it('lists the changed fields in reading order with both values', () => {
    const latest: AgentDefinition = {
      ...base,
      version: 4,
      updatedAt: 2,
      updatedBy: 'usr_admin',
      model: 'qwen-plus',
      tools: [{ name: 'execute', enabled: false }],
      defaultEnvironmentId: 'env_b',
    }
    expect(diffDefinitions(base, latest)).toEqual([
      { field: 'model', before: 'qwen-max', after: 'qwen-plus' },
      {
        field: 'tools',
        before: [{ name: 'execute', enabled: true }],
        after: [{ name: 'execute', enabled: false }],
      },
      { field: 'defaultEnvironmentId', before: 'env_a', after: 'env_b' },
    ])
  })

  it('ignores version bookkeeping, key order and absent-versus-null', () => {
    const latest: AgentDefinition = {
      ...base,
      version: 9,
      updatedAt: 5,
      workspaceBinding: { ref: 'main', mode: 'shared' },
      description: null,
    }
    expect(diffDefinitions(base, latest)).toEqual([])
  })

  it('reports fields it does not know, after the known ones', () => {
    const latest: AgentDefinition = { ...base, system: 'Be bold.', routingHints: { region: 'eu' } }
    expect(diffDefinitions(base, latest).map((change) => change.field)).toEqual(['system', 'routingHints'])
    expect(diffDefinitions(latest, base).at(-1)).toEqual({
      field: 'routingHints',
      before: { region: 'eu' },
      after: null,
    })
  })
})
