import { useQuery } from '@tanstack/react-query'
import { agentsQuery, environmentsQuery } from '../api/queries'
import type { SessionListParams } from '../api/keys'
import { Select } from '@/components/ui/input'

type SessionFiltersProps = {
  params: Pick<SessionListParams, 'status' | 'agentId' | 'environmentId'>
  onChange: (changes: Record<string, string | null>) => void
}

/** Agent, environment and status filters; the list page keeps them in the URL. */
export function SessionFilters({ params, onChange }: SessionFiltersProps) {
  const agents = useQuery(agentsQuery())
  const environments = useQuery(environmentsQuery())
  const field = 'flex items-center gap-2 text-sm'
  return (
    <div className="flex flex-wrap items-center gap-4" role="group" aria-label="Filter sessions">
      <div className={field}>
        <label htmlFor="session-agent" className="text-muted-foreground">
          Agent
        </label>
        <Select
          id="session-agent"
          value={params.agentId ?? ''}
          onChange={(event) => onChange({ agentId: event.target.value || null, offset: null })}
        >
          <option value="">All agents</option>
          {(agents.data ?? []).map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.displayName ?? agent.name}
            </option>
          ))}
          {params.agentId && !agents.data?.some((agent) => agent.id === params.agentId) ? (
            <option value={params.agentId}>{params.agentId}</option>
          ) : null}
        </Select>
      </div>
      <div className={field}>
        <label htmlFor="session-environment" className="text-muted-foreground">
          Environment
        </label>
        <Select
          id="session-environment"
          value={params.environmentId ?? ''}
          onChange={(event) => onChange({ environmentId: event.target.value || null, offset: null })}
        >
          <option value="">All environments</option>
          {(environments.data ?? []).map((environment) => (
            <option key={environment.id} value={environment.id}>
              {environment.name}
            </option>
          ))}
          {params.environmentId &&
          !environments.data?.some((environment) => environment.id === params.environmentId) ? (
            <option value={params.environmentId}>{params.environmentId}</option>
          ) : null}
        </Select>
      </div>
      <div className={field}>
        <label htmlFor="session-status" className="text-muted-foreground">
          Status
        </label>
        <Select
          id="session-status"
          value={params.status}
          onChange={(event) => onChange({ status: event.target.value, offset: null })}
        >
          <option value="active">Active</option>
          <option value="archived">Archived</option>
          <option value="all">All</option>
        </Select>
      </div>
    </div>
  )
}
