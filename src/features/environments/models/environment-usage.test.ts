import { describe, expect, it } from 'vitest'
import { environmentUsage, type Agent, type AgentWithDefault, type Session } from './environment-usage'
import type { DefinitionDefault } from '@/data/agents/definition-default'
import type { WorkItem } from '@/data/work/types'
import { makeAgent, makeWorkItem } from '@/testing/model-fixtures'

const agent = (id: string, archivedAt: number | null = null): Agent =>
  makeAgent({ id, archivedAt, status: archivedAt ? 'archived' : 'active' })
const withDefault = (entry: Agent, value: DefinitionDefault): AgentWithDefault => ({
  agent: entry,
  default: value,
})
const set = (environmentId: string): DefinitionDefault => ({ state: 'set', environmentId })
const session = (id: string, environmentId: string, archivedAt: number | null = null): Session => ({
  id,
  agentId: 'a',
  status: 'idle',
  createdAt: 0,
  updatedAt: 0,
  environmentId,
  archivedAt,
})
const work = (id: string, status: WorkItem['status']): WorkItem => makeWorkItem({ id, status })

describe('environmentUsage', () => {
  it('finds the agents whose definition defaults here, bound sessions by state, and unfinished work', () => {
    const usage = environmentUsage('env_1', {
      agents: [
        withDefault(agent('a1'), set('env_1')),
        withDefault(agent('a2'), set('env_2')),
        withDefault(agent('a3', 5), set('env_1')),
        withDefault(agent('a4'), { state: 'none' }),
        withDefault(agent('a5'), { state: 'no_definition' }),
      ],
      sessions: [session('s1', 'env_1'), session('s2', 'env_1', 9), session('s3', 'env_2')],
      workItems: [work('w1', 'queued'), work('w2', 'stopped'), work('w3', 'active')],
    })
    expect(usage.agents.map((a) => a.id)).toEqual(['a1'])
    expect(usage.uncheckedAgents).toEqual([])
    expect(usage.activeSessions.map((s) => s.id)).toEqual(['s1'])
    expect(usage.archivedSessions.map((s) => s.id)).toEqual(['s2'])
    expect(usage.activeWork.map((w) => w.id)).toEqual(['w1', 'w3'])
  })

  it('counts agents whose definition could not be read as unchecked, not as "not using it"', () => {
    const usage = environmentUsage('env_1', {
      agents: [
        withDefault(agent('a1'), { state: 'forbidden' }),
        withDefault(agent('a2'), { state: 'unknown', error: new Error('502') }),
      ],
      sessions: [],
      workItems: [],
    })
    expect(usage.agents).toEqual([])
    expect(usage.uncheckedAgents.map((a) => a.id)).toEqual(['a1', 'a2'])
  })
})
