import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { agentsQuery, environmentSessionsQuery, workItemsQuery } from '../api/queries'
import { environmentUsage, type EnvironmentUsage } from '../models/environment-usage'
import { errorMessage } from '@/api/api-error'
import { Spinner } from '@/components/ui/states'

/** Agents defaulting to an environment, sessions bound to it and unfinished work. */
export function useEnvironmentUsage(environmentId: string, options: { enabled?: boolean } = {}) {
  const enabled = options.enabled ?? true
  const agents = useQuery({ ...agentsQuery(), enabled })
  const sessions = useQuery({ ...environmentSessionsQuery(environmentId), enabled })
  const work = useQuery({ ...workItemsQuery(environmentId), enabled })
  const queries = [agents, sessions, work]
  const usage =
    agents.data && sessions.data && work.data
      ? environmentUsage(environmentId, {
          agents: agents.data,
          sessions: sessions.data,
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

/** The short usage list a confirmation shows before archive or delete. */
export function UsageSummary({ usage }: { usage: EnvironmentUsage }) {
  const active = usage.activeSessions.length
  return (
    <ul className="flex list-disc flex-col gap-1 pl-5">
      <li>
        {usage.agents.length === 0 ? (
          'No agent uses it as its default.'
        ) : (
          <>
            {usage.agents.length} agent{usage.agents.length === 1 ? '' : 's'} default to it:{' '}
            {usage.agents.map((agent, index) => (
              <span key={agent.id}>
                {index > 0 ? ', ' : ''}
                <Link className="text-primary hover:underline" to={`/agents/${encodeURIComponent(agent.id)}`}>
                  {agent.name}
                </Link>
              </span>
            ))}
            . Their new sessions need another environment.
          </>
        )}
      </li>
      <li>
        {active} active and {usage.archivedSessions.length} archived session
        {active + usage.archivedSessions.length === 1 ? '' : 's'} bound to it.
      </li>
      <li>
        {usage.activeWork.length === 0
          ? 'No work is queued or running.'
          : `${usage.activeWork.length} work item${usage.activeWork.length === 1 ? ' is' : 's are'} queued or running (${usage.activeWork.map((item) => item.status).join(', ')}).`}
      </li>
    </ul>
  )
}

export function UsageSummaryState({ environmentId }: { environmentId: string }) {
  const { usage, isPending, error } = useEnvironmentUsage(environmentId)
  if (error)
    return (
      <p role="alert" className="text-destructive">
        Usage could not be loaded ({errorMessage(error)}). Check the Usage tab before you go on.
      </p>
    )
  if (isPending || !usage) return <Spinner label="Checking usage…" />
  return <UsageSummary usage={usage} />
}
