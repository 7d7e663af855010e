import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { environmentChoicesQuery } from '../api/lookup-queries'
import { agentListQuery } from '../api/queries'
import { filterAgents, readAgentStatusFilter } from '../models/filter-agents'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Input, Select } from '@/components/ui/input'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { EmptyState, LoadingState } from '@/components/ui/states'

/** Agents with search and status filter, both kept in the URL so a filtered list can be shared. */
export function AgentsTable() {
  const [params, setParams] = useSearchParams()
  const search = params.get('q') ?? ''
  const status = readAgentStatusFilter(params.get('status'))
  const query = useQuery(agentListQuery(status))
  // Names only; the list still works (showing ids) when environments cannot be read.
  const environments = useQuery(environmentChoicesQuery())

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key)
          else next.set(key, value)
        }
        return next
      },
      { replace: true },
    )

  const environmentName = (id: string) =>
    environments.data?.find((environment) => environment.id === id)?.name
  const agents = query.data ? filterAgents(query.data, search) : []
  const isFiltered = search.trim() !== '' || status !== 'active'

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter agents">
        <div className="flex flex-col gap-1">
          <label htmlFor="agent-search" className="text-sm text-muted-foreground">
            Search
          </label>
          <Input
            id="agent-search"
            type="search"
            className="w-72"
            placeholder="Name, key, id or description"
            value={search}
            onChange={(event) => update({ q: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="agent-status" className="text-sm text-muted-foreground">
            Status
          </label>
          <Select
            id="agent-status"
            value={status}
            onChange={(event) =>
              update({ status: event.target.value === 'active' ? null : event.target.value })
            }
          >
            <option value="active">Active</option>
            <option value="archived">Archived</option>
            <option value="all">All</option>
          </Select>
        </div>
      </div>
      {query.isPending ? (
        <LoadingState label="Loading agents…" />
      ) : query.isError ? (
        <QueryErrorState
          title="Agents could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : agents.length === 0 ? (
        <EmptyState
          title={isFiltered ? 'No agents match' : 'No agents in this namespace'}
          action={
            isFiltered ? (
              <Button onClick={() => update({ q: null, status: null })}>Clear filters</Button>
            ) : null
          }
        >
          {isFiltered
            ? 'Change the search or the status filter.'
            : 'Agents are created through the API; they appear here once they exist in this namespace.'}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Agents</caption>
            <thead className="bg-muted text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Default environment
                </th>
              </tr>
            </thead>
            <tbody>
              {agents.map((agent) => {
                const defaultId = agent.defaultEnvironmentId
                return (
                  <tr key={agent.id} className="border-t border-border">
                    <td className="px-3 py-2">
                      <Link
                        className="font-medium break-words text-primary hover:underline"
                        to={`/agents/${encodeURIComponent(agent.id)}`}
                      >
                        {agent.displayName ?? agent.name}
                      </Link>
                      <div className="font-mono text-xs text-muted-foreground">{agent.id}</div>
                    </td>
                    <td className="px-3 py-2">
                      <Badge tone={agent.status === 'active' ? 'success' : 'neutral'}>{agent.status}</Badge>
                    </td>
                    <td className="px-3 py-2">
                      {defaultId ? (
                        <>
                          <span className="break-words">{environmentName(defaultId) ?? defaultId}</span>
                          {environmentName(defaultId) ? (
                            <div className="font-mono text-xs text-muted-foreground">{defaultId}</div>
                          ) : null}
                        </>
                      ) : (
                        <span className="text-muted-foreground">None</span>
                      )}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
