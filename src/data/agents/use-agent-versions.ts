import { useQueries, useQuery } from '@tanstack/react-query'
import { agentVersionQuery, agentVersionsQuery } from './queries'
import type { AgentVersion } from './types'

/**
 * The definition history with every version's definition: an entry the list sent without its
 * snapshot is read on its own (`…/versions/{version}`), once, and cached for good.
 */
export function useAgentVersions(agentId: string) {
  const list = useQuery(agentVersionsQuery(agentId))
  const missing = (list.data ?? []).filter((entry) => entry.definition === null).map((entry) => entry.version)
  const singles = useQueries({ queries: missing.map((version) => agentVersionQuery(agentId, version)) })
  const fetched = new Map(
    singles.flatMap((single, index) => {
      const version = missing[index]
      return single.data?.definition && version !== undefined ? [[version, single.data.definition]] : []
    }),
  )
  const versions: AgentVersion[] | undefined = list.data?.map((entry) =>
    entry.definition ? entry : { ...entry, definition: fetched.get(entry.version) ?? null },
  )
  return {
    query: list,
    versions,
    /** Some versions' definitions are still being read. */
    isFilling: singles.some((single) => single.isPending),
  }
}
