import type { Session } from './agent-types'

export type SessionCount = { total: number; archived: number }

/** How many of the sessions are bound to the environment; archived ones are counted apart. */
export function countSessionsOnEnvironment(
  sessions: readonly Session[],
  environmentId: string,
): SessionCount {
  const onEnvironment = sessions.filter((session) => session.environmentId === environmentId)
  return {
    total: onEnvironment.length,
    archived: onEnvironment.filter(
      (session) => session.archivedAt !== null && session.archivedAt !== undefined,
    ).length,
  }
}
