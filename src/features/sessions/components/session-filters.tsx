import { useQuery } from '@tanstack/react-query'
import { markInvisibleCharacters } from '@/lib/invisible-characters'
import { agentListQuery } from '@/data/agents/queries'
import { allEnvironmentsQuery } from '@/data/environments/queries'
import type { SessionListParams } from '@/data/sessions/keys'
import { Field } from '@/components/ui/field'
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
  return (
    <div className="flex flex-wrap items-end gap-4" role="group" aria-label={t('sessions.filters.label')}>
      <Field label={t('sessions.filters.agent')} size="small">
        {(control) => (
          <Select
            {...control}
            value={params.agentId ?? ''}
            onChange={(event) => onChange({ agentId: event.target.value || null, offset: null })}
          >
            <option value="">{t('sessions.filters.allAgents')}</option>
            {(agents.data ?? []).map((agent) => (
              <option key={agent.id} value={agent.id}>
                {markInvisibleCharacters(agent.displayName ?? agent.name)}
              </option>
            ))}
            {params.agentId && !agents.data?.some((agent) => agent.id === params.agentId) ? (
              <option value={params.agentId}>{params.agentId}</option>
            ) : null}
          </Select>
        )}
      </Field>
      <Field label={t('sessions.filters.environment')} size="small">
        {(control) => (
          <Select
            {...control}
            value={params.environmentId ?? ''}
            onChange={(event) => onChange({ environmentId: event.target.value || null, offset: null })}
          >
            <option value="">{t('sessions.filters.allEnvironments')}</option>
            {(environments.data ?? []).map((environment) => (
              <option key={environment.id} value={environment.id}>
                {markInvisibleCharacters(environment.name)}
              </option>
            ))}
            {params.environmentId &&
            !environments.data?.some((environment) => environment.id === params.environmentId) ? (
              <option value={params.environmentId}>{params.environmentId}</option>
            ) : null}
          </Select>
        )}
      </Field>
      <Field label={t('sessions.filters.status')} size="small">
        {(control) => (
          <Select
            {...control}
            value={params.status}
            onChange={(event) => onChange({ status: event.target.value, offset: null })}
          >
            <option value="active">{t('sessions.filters.active')}</option>
            <option value="archived">{t('sessions.filters.archived')}</option>
            <option value="all">{t('sessions.filters.all')}</option>
          </Select>
        )}
      </Field>
    </div>
  )
}
