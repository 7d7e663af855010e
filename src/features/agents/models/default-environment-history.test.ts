import { describe, expect, it } from 'vitest'
import type { AgentVersion } from './agent-types'
import { defaultEnvironmentChanges } from './default-environment-history'

function version(
  number: number,
  defaultEnvironmentId: string | null,
  createdAt = number * 100,
): AgentVersion {
  return {
    version: number,
    createdAt,
    snapshot: { version: number, name: 'agent', defaultEnvironmentId, updatedBy: `usr_${number}` },
  }
}

describe('defaultEnvironmentChanges', () => {
  it('finds the versions that changed the default, newest first, in any input order', () => {
    const versions = [version(3, 'env_a'), version(1, null), version(4, 'env_b'), version(2, 'env_a')]
    expect(defaultEnvironmentChanges(versions)).toEqual([
      { version: 4, changedAt: 400, changedBy: 'usr_4', from: 'env_a', to: 'env_b' },
      { version: 2, changedAt: 200, changedBy: 'usr_2', from: null, to: 'env_a' },
    ])
  })

  it('counts a first version with a default, and a clearing', () => {
    expect(
      defaultEnvironmentChanges([version(1, 'env_a'), version(2, null)]).map((c) => [c.from, c.to]),
    ).toEqual([
      ['env_a', null],
      [null, 'env_a'],
    ])
  })

  it('is empty when the default never changed', () => {
    expect(defaultEnvironmentChanges([version(1, null), version(2, null)])).toEqual([])
    expect(defaultEnvironmentChanges([])).toEqual([])
  })
})
