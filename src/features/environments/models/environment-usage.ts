import type { Agent } from '@/data/agents/types'
import type { DefinitionDefault } from '@/data/agents/definition-default'
import type { Session } from '@/data/sessions/types'
import type { WorkItem } from '@/data/work/types'

export type { Agent, Session }

/** An agent with what its definition says about its default environment. */
export type AgentWithDefault = { agent: Agent; default: DefinitionDefault }

export type EnvironmentUsage = {
  /** Agents whose definition names this environment as the default for new sessions. */
  agents: Agent[]
  /**
   * Agents whose definition could not be read (forbidden, or the read failed): each of them may
   * default to this environment.
   */
  uncheckedAgents: Agent[]
  activeSessions: Session[]
  archivedSessions: Session[]
  /** Work not yet stopped: queued, starting, active or stopping. */
  activeWork: WorkItem[]
}

function isArchived(value: { archivedAt?: unknown; status?: unknown }): boolean {
  return (value.archivedAt !== null && value.archivedAt !== undefined) || value.status === 'archived'
}

/**
 * Who depends on an environment. The default lives in each agent's definition, not in the
 * catalog (C5). Sessions are filtered again here because servers ignore the `environmentId`
 * query and return every session (C3).
 */
export function environmentUsage(
  environmentId: string,
  input: {
    agents: readonly AgentWithDefault[]
    sessions: readonly Session[]
    workItems: readonly WorkItem[]
  },
): EnvironmentUsage {
  const live = input.agents.filter(({ agent }) => !isArchived(agent))
  const sessions = input.sessions.filter((session) => session.environmentId === environmentId)
  return {
    agents: live
      .filter((entry) => entry.default.state === 'set' && entry.default.environmentId === environmentId)
      .map(({ agent }) => agent),
    uncheckedAgents: live
      .filter((entry) => entry.default.state === 'forbidden' || entry.default.state === 'unknown')
      .map(({ agent }) => agent),
    activeSessions: sessions.filter((session) => !isArchived(session)),
    archivedSessions: sessions.filter(isArchived),
    activeWork: input.workItems.filter(
      (item) => item.environmentId === environmentId && item.status !== 'stopped',
    ),
  }
}
