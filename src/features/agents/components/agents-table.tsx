import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { VisibleText } from '@/components/text/visible-text'
import { Link } from '@/components/ui/link'
import { useDefinitionDefaults } from '@/data/agents/definition-default'
import { agentListQuery } from '@/data/agents/queries'
import { allEnvironmentsQuery } from '@/data/environments/queries'
import { DefaultEnvironmentCell } from './default-environment-cell'
import { agentStatusBadge } from '../models/agent-status'
import { filterAgents, readAgentStatusFilter } from '../models/filter-agents'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input, Select } from '@/components/ui/input'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { EmptyState, LoadingState } from '@/components/ui/states'
import { useT } from '@/i18n'

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

  const agents = query.data ? filterAgents(query.data, search) : []
  // The catalog has no default environment (C5): each listed agent's definition says it.
  const defaults = useDefinitionDefaults(agents.map((agent) => agent.id))
  const isFiltered = search.trim() !== '' || status !== 'active'

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3" role="search" aria-label={t('agents.list.filters')}>
        <Field label={t('agents.list.search')}>
          {(control) => (
            <Input
              {...control}
              type="search"
              className="w-72"
              placeholder={t('agents.list.searchPlaceholder')}
              value={search}
              onChange={(event) => update({ q: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('agents.list.status')}>
          {(control) => (
            <Select
              {...control}
              value={status}
              onChange={(event) =>
                update({ status: event.target.value === 'active' ? null : event.target.value })
              }
            >
              <option value="active">{t('agents.list.statusActive')}</option>
              <option value="archived">{t('agents.list.statusArchived')}</option>
              <option value="all">{t('agents.list.statusAll')}</option>
            </Select>
          )}
        </Field>
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
                const badge = agentStatusBadge(agent.status)
                return (
                  <tr key={agent.id} className="border-t border-border">
                    <td className="px-3 py-2">
                      <Link
                        className="font-medium break-words text-primary hover:underline"
                        to={`/agents/${encodeURIComponent(agent.id)}`}
                      >
                        <VisibleText text={agent.name} />
                      </Link>
                      <div className="font-mono text-xs text-muted-foreground">{agent.id}</div>
                    </td>
                    <td className="px-3 py-2">
                      <Badge tone={badge.tone}>{badge.label}</Badge>
                    </td>
                    <td className="px-3 py-2">
                      <DefaultEnvironmentCell
                        value={defaults.get(agent.id) ?? { state: 'loading' }}
                        environments={environments.data}
                      />
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
