import type { Agent } from '@/data/agents/types'
import type { Environment } from '@/data/environments/types'
import type { WorkItem } from '@/data/work/types'

/** Console models for unit tests, with every field filled; a test overrides what it is about. */

export function makeAgent(overrides: Partial<Agent> & Pick<Agent, 'id'>): Agent {
  return {
    name: overrides.id,
    displayName: null,
    agentKey: null,
    description: null,
    status: 'active',
    tenant: null,
    namespace: null,
    createdAt: 1,
    updatedAt: 1,
    archivedAt: null,
    ...overrides,
  }
}

export function makeEnvironment(overrides: Partial<Environment> & Pick<Environment, 'id'>): Environment {
  return {
    name: overrides.id,
    type: 'self_hosted',
    config: {},
    ownerId: 'usr_alice',
    createdAt: 0,
    updatedAt: 1_000,
    archivedAt: null,
    ...overrides,
  }
}

export function makeWorkItem(overrides: Partial<WorkItem> & Pick<WorkItem, 'id'>): WorkItem {
  return {
    sessionId: 'sess_1',
    environmentId: 'env_1',
    ownerId: 'usr_alice',
    status: 'queued',
    claimedBy: null,
    workDir: null,
    createdAt: 0,
    updatedAt: 0,
    metadata: {},
    ...overrides,
  }
}
