import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { agentListQuery } from '../api/queries'
import { errorMessage, isApiError } from '@/api/api-error'
import { Badge } from '@/components/ui/badge'
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states'

export function AgentsTable() {
  const query = useQuery(agentListQuery())
  if (query.isPending) return <LoadingState label="Loading agents…" />
  if (query.isError) {
    return (
      <ErrorState
        title="Agents could not be loaded"
        message={errorMessage(query.error)}
        requestId={isApiError(query.error) ? query.error.requestId : undefined}
        onRetry={() => void query.refetch()}
      />
    )
  }
  if (query.data.length === 0) return <EmptyState title="No agents in this namespace" />
  return (
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
          {query.data.map((agent) => (
            <tr key={agent.id} className="border-t border-border">
              <td className="px-3 py-2">
                <Link
                  className="font-medium break-words text-primary hover:underline"
                  to={`/agents/${agent.id}`}
                >
                  {agent.displayName ?? agent.name}
                </Link>
                <div className="font-mono text-xs text-muted-foreground">{agent.id}</div>
              </td>
              <td className="px-3 py-2">
                <Badge tone={agent.status === 'active' ? 'success' : 'neutral'}>{agent.status}</Badge>
              </td>
              <td className="px-3 py-2 font-mono text-xs">{agent.defaultEnvironmentId ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
