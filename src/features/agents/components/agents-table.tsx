import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { allEnvironmentsQuery } from '@/data/environments/queries'
import { agentListQuery } from '@/data/agents/queries'
import { filterAgents, readAgentStatusFilter } from '../models/filter-agents'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Input, Select } from '@/components/ui/input'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { EmptyState, LoadingState } from '@/components/ui/states'
import { t, useT } from '@/i18n'

/** The server's status values; one it adds later is shown as sent. */
function agentStatusLabel(status: string): string {
  switch (status) {
    case 'active':
      return t('agents.agentStatus.active')
    case 'archived':
      return t('agents.agentStatus.archived')
    default:
      return status
  }
}

/** Agents with search and status filter, both kept in the URL so a filtered list can be shared. */
export function AgentsTable() {
  const { t } = useT('agents')
  const [params, setParams] = useSearchParams()
  const search = params.get('q') ?? ''
  const status = readAgentStatusFilter(params.get('status'))
  const query = useQuery(agentListQuery(status))
  // Names only; the list still works (showing ids) when environments cannot be read.
  const environments = useQuery(allEnvironmentsQuery())

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
      <div className="flex flex-wrap items-end gap-3" role="search" aria-label={t('agents.list.filters')}>
        <div className="flex flex-col gap-1">
          <label htmlFor="agent-search" className="text-sm text-muted-foreground">
            {t('agents.list.search')}
          </label>
          <Input
            id="agent-search"
            type="search"
            className="w-72"
            placeholder={t('agents.list.searchPlaceholder')}
            value={search}
            onChange={(event) => update({ q: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="agent-status" className="text-sm text-muted-foreground">
            {t('agents.list.status')}
          </label>
          <Select
            id="agent-status"
            value={status}
            onChange={(event) =>
              update({ status: event.target.value === 'active' ? null : event.target.value })
            }
          >
            <option value="active">{t('agents.list.statusActive')}</option>
            <option value="archived">{t('agents.list.statusArchived')}</option>
            <option value="all">{t('agents.list.statusAll')}</option>
          </Select>
        </div>
      </div>
      {query.isPending ? (
        <LoadingState label={t('agents.list.loading')} />
      ) : query.isError ? (
        <QueryErrorState
          title={t('agents.list.loadError')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : agents.length === 0 ? (
        <EmptyState
          title={isFiltered ? t('agents.list.noMatchTitle') : t('agents.list.emptyTitle')}
          action={
            isFiltered ? (
              <Button onClick={() => update({ q: null, status: null })}>
                {t('agents.list.clearFilters')}
              </Button>
            ) : null
          }
        >
          {isFiltered ? t('agents.list.noMatchBody') : t('agents.list.emptyBody')}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('agents.list.caption')}</caption>
            <thead className="bg-muted text-xs text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('agents.list.columnName')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('agents.list.columnStatus')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('agents.list.columnDefaultEnvironment')}
                </th>
              </tr>
            </thead>
            <tbody>
              {agents.map((agent) => {
                // Catalog entries from the server's code carry no default; older servers sent one.
                const defaultId =
                  typeof agent.defaultEnvironmentId === 'string' ? agent.defaultEnvironmentId : null
                return (
                  <tr key={agent.id} className="border-t border-border">
                    <td className="px-3 py-2">
                      <Link
                        className="font-medium break-words text-primary hover:underline"
                        to={`/agents/${encodeURIComponent(agent.id)}`}
                      >
                        {agent.displayName}
                      </Link>
                      <div className="font-mono text-xs text-muted-foreground">{agent.id}</div>
                    </td>
                    <td className="px-3 py-2">
                      <Badge tone={agent.status === 'active' ? 'success' : 'neutral'}>
                        {agentStatusLabel(agent.status)}
                      </Badge>
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
                        <span className="text-muted-foreground">{t('agents.list.noDefaultEnvironment')}</span>
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
