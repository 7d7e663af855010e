import { describe, expect, it } from 'vitest'
import { environmentUsage, readSessionList, type Agent, type Session } from './environment-usage'
import type { WorkItem } from './work-types'

const agent = (id: string, defaultEnvironmentId: string | null, archivedAt: number | null = null): Agent => ({
  id,
  agentKey: id,
  displayName: id,
  tenant: 'acme',
  namespace: 'default',
  status: archivedAt ? 'archived' : 'active',
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
  defaultEnvironmentId,
  archivedAt: archivedAt === null ? null : new Date(archivedAt).toISOString(),
})
const session = (id: string, environmentId: string, archivedAt: number | null = null): Session => ({
  id,
  agentId: 'a',
  status: 'idle',
  createdAt: 0,
  updatedAt: 0,
  environmentId,
  archivedAt,
})
const work = (id: string, status: WorkItem['status']): WorkItem => ({
  id,
  sessionId: 's',
  environmentId: 'env_1',
  ownerId: 'o',
  status,
  claimedBy: null,
  workDir: null,
  createdAt: 0,
  updatedAt: 0,
  metadata: {},
})

describe('environmentUsage', () => {
  it('finds defaulting agents, bound sessions by state, and unfinished work', () => {
    const usage = environmentUsage('env_1', {
      agents: [agent('a1', 'env_1'), agent('a2', 'env_2'), agent('a3', 'env_1', 5)],
      sessions: [session('s1', 'env_1'), session('s2', 'env_1', 9), session('s3', 'env_2')],
      workItems: [work('w1', 'queued'), work('w2', 'stopped'), work('w3', 'active')],
    })
    expect(usage.agents.map((a) => a.id)).toEqual(['a1'])
    expect(usage.activeSessions.map((s) => s.id)).toEqual(['s1'])
    expect(usage.archivedSessions.map((s) => s.id)).toEqual(['s2'])
    expect(usage.activeWork.map((w) => w.id)).toEqual(['w1', 'w3'])
  })
})

describe('readSessionList', () => {
  it('accepts both list shapes and rejects anything else', () => {
    expect(readSessionList([session('s', 'e')])).toHaveLength(1)
    expect(readSessionList({ items: [session('s', 'e')], next_offset: null })).toHaveLength(1)
    expect(() => readSessionList({ sessions: [] })).toThrow(/does not understand/)
  })
})
