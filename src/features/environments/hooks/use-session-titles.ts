import { useQuery } from '@tanstack/react-query'
import { environmentSessionsQuery } from '@/data/sessions/queries'
import { useSessionTitlesFor } from '@/data/sessions/session-title'

/**
 * What to call the sessions an environment's work items and claims name: one read of the
 * environment's sessions (the cache entry the Usage tab shares), then their titles; an id the
 * caller cannot list stays an id.
 */
export function useEnvironmentSessionTitles(
  environmentId: string,
  sessionIds: readonly string[],
): (sessionId: string) => string | null {
  const sessions = useQuery({ ...environmentSessionsQuery(environmentId), enabled: sessionIds.length > 0 })
  return useSessionTitlesFor(sessionIds, sessions.data?.items)
}
