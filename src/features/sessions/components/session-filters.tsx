import { useQuery } from '@tanstack/react-query'
import { agentListQuery } from '@/data/agents/queries'
import { allEnvironmentsQuery } from '@/data/environments/queries'
import type { SessionListParams } from '@/data/sessions/keys'
import { Select } from '@/components/ui/input'
import { useT } from '@/i18n'

type SessionFiltersProps = {
  params: Pick<SessionListParams, 'status' | 'agentId' | 'environmentId'>
  onChange: (changes: Record<string, string | null>) => void
}

/** Agent, environment and status filters; the list page keeps them in the URL. */
export function SessionFilters({ params, onChange }: SessionFiltersProps) {
  const { t } = useT('sessions')
  const agents = useQuery(agentListQuery())
  const environments = useQuery(allEnvironmentsQuery())
  const field = 'flex items-center gap-2 text-sm'
  return (
    <div className="flex flex-wrap items-center gap-4" role="group" aria-label={t('sessions.filters.label')}>
      <div className={field}>
        <label htmlFor="session-agent" className="text-muted-foreground">
          {t('sessions.filters.agent')}
        </label>
        <Select
          id="session-agent"
          value={params.agentId ?? ''}
          onChange={(event) => onChange({ agentId: event.target.value || null, offset: null })}
        >
          <option value="">{t('sessions.filters.allAgents')}</option>
          {(agents.data ?? []).map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.name}
            </option>
          ))}
          {params.agentId && !agents.data?.some((agent) => agent.id === params.agentId) ? (
            <option value={params.agentId}>{params.agentId}</option>
          ) : null}
        </Select>
      </div>
      <div className={field}>
        <label htmlFor="session-environment" className="text-muted-foreground">
          {t('sessions.filters.environment')}
        </label>
        <Select
          id="session-environment"
          value={params.environmentId ?? ''}
          onChange={(event) => onChange({ environmentId: event.target.value || null, offset: null })}
        >
          <option value="">{t('sessions.filters.allEnvironments')}</option>
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
          {t('sessions.filters.status')}
        </label>
        <Select
          id="session-status"
          value={params.status}
          onChange={(event) => onChange({ status: event.target.value, offset: null })}
        >
          <option value="active">{t('sessions.filters.active')}</option>
          <option value="archived">{t('sessions.filters.archived')}</option>
          <option value="all">{t('sessions.filters.all')}</option>
        </Select>
      </div>
    </div>
  )
}
