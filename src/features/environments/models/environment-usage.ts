import { ApiError } from '@/api/api-error'
import type { components } from '@/api/schema.gen'
import { t } from '@/i18n'
import type { WorkItem } from './work-types'

export type Agent = components['schemas']['Agent']
export type Session = components['schemas']['Session']

export type EnvironmentUsage = {
  agents: Agent[]
  activeSessions: Session[]
  archivedSessions: Session[]
  /** Work not yet stopped: queued, starting, active or stopping. */
  activeWork: WorkItem[]
}

function isArchived(value: { archivedAt?: unknown; status?: unknown }): boolean {
  return (value.archivedAt !== null && value.archivedAt !== undefined) || value.status === 'archived'
}

/**
 * Who depends on an environment. Sessions are filtered again here because spec 1.0.0 servers
 * ignore the `environmentId` query and return every session.
 */
export function environmentUsage(
  environmentId: string,
  input: { agents: readonly Agent[]; sessions: readonly Session[]; workItems: readonly WorkItem[] },
): EnvironmentUsage {
  const sessions = input.sessions.filter((session) => session.environmentId === environmentId)
  return {
    agents: input.agents.filter(
      (agent) => agent.defaultEnvironmentId === environmentId && !isArchived(agent),
    ),
    activeSessions: sessions.filter((session) => !isArchived(session)),
    archivedSessions: sessions.filter(isArchived),
    activeWork: input.workItems.filter(
      (item) => item.environmentId === environmentId && item.status !== 'stopped',
    ),
  }
}

/** Bare array (spec 1.0.0) or `{items}` page (newer servers). */
export function readSessionList(data: unknown): Session[] {
  if (Array.isArray(data)) return data as Session[]
  if (typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items))
    return (data as { items: Session[] }).items
  throw new ApiError({
    status: 200,
    kind: 'malformed',
    message: t('environments.usage.malformedSessions'),
  })
}
