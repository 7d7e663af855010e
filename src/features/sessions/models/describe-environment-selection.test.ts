import { describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { describeEnvironmentSelection } from './describe-environment-selection'

const session = (overrides: Partial<components['schemas']['Session']>): components['schemas']['Session'] => ({
  id: 's1',
  agentId: 'a1',
  status: 'idle',
  createdAt: 0,
  updatedAt: 0,
  environmentId: 'env_1',
  agentVersion: 4,
  ...overrides,
})

describe('describeEnvironmentSelection', () => {
  it('explains each recorded source', () => {
    const inherited = describeEnvironmentSelection(session({ environmentSource: 'agent_default' }))
    expect(inherited.marker).toBe('inherited')
    expect(inherited.reason).toContain('definition version 4')
    expect(describeEnvironmentSelection(session({ environmentSource: 'explicit' })).marker).toBe('explicit')
    const changed = describeEnvironmentSelection(
      session({ environmentSource: 'changed', environmentChangedAt: 77 }),
    )
    expect(changed).toMatchObject({ marker: 'changed', changedAt: 77 })
    expect(changed.reason).toContain('working files')
  })

  it('infers from the agent default when the server is silent, and says so', () => {
    expect(describeEnvironmentSelection(session({}), 'env_1').marker).toBe('matches default')
    expect(describeEnvironmentSelection(session({}), 'env_2').marker).toBe('differs from default')
    expect(describeEnvironmentSelection(session({})).source).toBe('unknown')
    expect(describeEnvironmentSelection(session({ environmentId: undefined })).source).toBe('none')
  })
})
