import { describe, expect, it } from 'vitest'
import type { Session } from './agent-types'
import { countSessionsOnEnvironment } from './count-sessions-on-environment'

const session = (
  id: string,
  environmentId: string | undefined,
  archivedAt: number | null = null,
): Session => ({
  id,
  agentId: 'agt_1',
  environmentId,
  archivedAt,
  status: 'idle',
  createdAt: 1,
  updatedAt: 1,
})

describe('countSessionsOnEnvironment', () => {
  it('counts sessions on the environment, with the archived ones apart', () => {
    const sessions = [
      session('a', 'env_1'),
      session('b', 'env_1', 5),
      session('c', 'env_2'),
      session('d', undefined),
    ]
    expect(countSessionsOnEnvironment(sessions, 'env_1')).toEqual({ total: 2, archived: 1 })
    expect(countSessionsOnEnvironment(sessions, 'env_3')).toEqual({ total: 0, archived: 0 })
  })
})
