import { describe, expect, it } from 'vitest'
import { describeEnvironmentSelection } from './describe-environment-selection'
import type { Session } from '@/data/sessions/types'

const session = (overrides: Partial<Session>): Session => ({
  id: 's1',
  agentId: 'a1',
  status: 'idle',
  createdAt: 0,
  updatedAt: 0,
  environmentId: 'env_1',
  agentVersion: 4,
  ...overrides,
})

const created = (requestedEnvironmentId: string | null, agentDefaultEnvironmentId: string | null) => ({
  creation: { requestedEnvironmentId, agentDefaultEnvironmentId, agentVersion: 4 },
})

describe('describeEnvironmentSelection', () => {
  it('is explicit when the create named the environment', () => {
    const selection = describeEnvironmentSelection(session({}), { origin: created('env_1', 'env_9') })
    expect(selection).toMatchObject({ source: 'explicit', marker: 'explicit' })
  })

  it('is inherited when the create named none and the server used the agent’s default of that moment', () => {
    const selection = describeEnvironmentSelection(session({}), {
      origin: created(null, 'env_1'),
      // The default moved on since; what counts is the default at creation.
      currentAgentDefault: 'env_2',
    })
    expect(selection).toMatchObject({ source: 'agent_default', marker: 'inherited' })
    expect(selection.reason).toContain('definition version 4')
  })

  it('is chosen by the server when the create named none and the agent had no default (C17)', () => {
    const selection = describeEnvironmentSelection(session({ environmentId: 'env_default_local' }), {
      origin: created(null, null),
    })
    expect(selection).toMatchObject({ source: 'server_chosen', marker: 'chosen by the server' })
    expect(selection.reason).toBe(
      'Chosen by the server: no environment given and the agent has no default. (The server takes the latest deployment’s environment, else your oldest environment, else it creates default-local.)',
    )
    const overDefault = describeEnvironmentSelection(session({}), { origin: created(null, 'env_gone') })
    expect(overDefault.source).toBe('server_chosen')
    expect(overDefault.reason).toContain('env_gone')
  })

  it('is changed once this console changed it, whatever the creation said', () => {
    const selection = describeEnvironmentSelection(session({}), {
      origin: { ...created('env_0', null), changedAt: 77 },
    })
    expect(selection).toMatchObject({ source: 'changed', marker: 'changed', changedAt: 77 })
    expect(selection.reason).toContain('working files')
  })

  it('for a session created elsewhere, infers from the agent’s current default and says so', () => {
    expect(describeEnvironmentSelection(session({}), { currentAgentDefault: 'env_1' }).marker).toBe(
      'matches default',
    )
    expect(describeEnvironmentSelection(session({}), { currentAgentDefault: 'env_2' }).marker).toBe(
      'differs from default',
    )
    expect(describeEnvironmentSelection(session({}), { currentAgentDefault: null }).source).toBe('unknown')
    expect(describeEnvironmentSelection(session({})).source).toBe('unknown')
    expect(describeEnvironmentSelection(session({ environmentId: '' })).source).toBe('none')
  })
})
