export type SessionStatusFilter = 'active' | 'archived' | 'all'

export type SessionListParams = {
  status: SessionStatusFilter
  agentId?: string | undefined
  environmentId?: string | undefined
  limit: number
  offset: number
}

/**
 * Every list of sessions (a page, an agent's sessions, an environment's) sits under `lists()`, so
 * creating, archiving or deleting one refreshes them all. A session's sub-resources nest under its
 * detail key, so one invalidation of `detail(id)` refreshes the whole inspector.
 */
export const sessionKeys = {
  all: ['sessions'] as const,
  lists: () => [...sessionKeys.all, 'list'] as const,
  list: (params: SessionListParams) => [...sessionKeys.lists(), params] as const,
  ofAgent: (agentId: string) => [...sessionKeys.lists(), 'agent', agentId] as const,
  ofEnvironment: (environmentId: string) => [...sessionKeys.lists(), 'environment', environmentId] as const,
  recent: (agentId: string, since: number) => [...sessionKeys.lists(), 'recent', agentId, since] as const,
  detail: (id: string) => [...sessionKeys.all, 'detail', id] as const,
  snapshot: (id: string) => [...sessionKeys.detail(id), 'snapshot'] as const,
  turns: (id: string) => [...sessionKeys.detail(id), 'turns'] as const,
  firstMessage: (id: string) => [...sessionKeys.detail(id), 'first-message'] as const,
  inputs: (id: string) => [...sessionKeys.detail(id), 'inputs'] as const,
  recovery: (id: string) => [...sessionKeys.detail(id), 'trace', 'recovery'] as const,
  trace: (id: string) => [...sessionKeys.detail(id), 'trace', 'journal'] as const,
}
