import { describe, expect, it } from 'vitest'
import type { Agent } from './agent-types'
import { filterAgents, readAgentStatusFilter } from './filter-agents'

const agent = (id: string, name: string, extra: Partial<Agent> = {}): Agent => ({
  id,
  agentKey: name,
  displayName: name,
  tenant: 'acme',
  namespace: 'default',
  status: 'active',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...extra,
})

describe('filterAgents', () => {
  const agents = [
    agent('agt_release', 'release-helper', { description: 'Cuts release branches' }),
    agent('agt_docs', 'docs-writer', { displayName: 'Docs Writer' }),
    agent('agt_triage', 'triage-bot', { agentKey: 'triage' }),
  ]

  it('matches name, display name, key, id and description, ignoring case and spaces', () => {
    expect(filterAgents(agents, '  RELEASE ').map((a) => a.id)).toEqual(['agt_release'])
    expect(filterAgents(agents, 'docs writer').map((a) => a.id)).toEqual(['agt_docs'])
    expect(filterAgents(agents, 'agt_tri').map((a) => a.id)).toEqual(['agt_triage'])
    expect(filterAgents(agents, 'branches').map((a) => a.id)).toEqual(['agt_release'])
  })

  it('returns everything for an empty search', () => {
    expect(filterAgents(agents, '')).toHaveLength(3)
  })
})

describe('readAgentStatusFilter', () => {
  it('reads known values and defaults to active', () => {
    expect(readAgentStatusFilter('archived')).toBe('archived')
    expect(readAgentStatusFilter('all')).toBe('all')
    expect(readAgentStatusFilter('bogus')).toBe('active')
    expect(readAgentStatusFilter(null)).toBe('active')
  })
})
