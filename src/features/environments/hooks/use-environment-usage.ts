import { useQuery } from '@tanstack/react-query'
import { useDefinitionDefaults } from '@/data/agents/definition-default'
import { agentListQuery } from '@/data/agents/queries'
import { environmentSessionsQuery } from '@/data/sessions/queries'
import { workItemsQuery } from '@/data/work/queries'
import { environmentUsage } from '../models/environment-usage'

/**
 * Agents whose definition defaults to an environment, sessions bound to it and unfinished work.
 * Each agent's definition is read (the catalog carries no default, C5); the answer is complete
 * once every definition has answered or failed.
 */
export function useEnvironmentUsage(environmentId: string, options: { enabled?: boolean } = {}) {
  const enabled = options.enabled ?? true
  const agents = useQuery({ ...agentListQuery('active'), enabled })
  const defaults = useDefinitionDefaults(agents.data?.map((agent) => agent.id) ?? [], { enabled })
  const sessions = useQuery({ ...environmentSessionsQuery(environmentId), enabled })
  const work = useQuery({ ...workItemsQuery(environmentId), enabled })
  const queries = [agents, sessions, work]
  const isReadingDefinitions = [...defaults.values()].some((value) => value.state === 'loading')
  const usage =
    agents.data && sessions.data && work.data && !isReadingDefinitions
      ? environmentUsage(environmentId, {
          agents: agents.data.map((agent) => ({
            agent,
            default: defaults.get(agent.id) ?? { state: 'loading' },
          })),
          sessions: sessions.data.items,
          workItems: work.data,
        })
      : null
  const failed = queries.find((query) => query.isError)
  return {
    usage,
    isPending: !usage && !failed,
    error: failed?.error ?? null,
    refetch: () => Promise.all(queries.map((query) => query.refetch())),
  }
}
