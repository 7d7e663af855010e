import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { environmentUsage, type EnvironmentUsage } from '../models/environment-usage'
import { workItemStatusLabel } from '../models/work-types'
import { errorMessage } from '@/api/api-error'
import { Spinner } from '@/components/ui/states'
import { agentListQuery } from '@/data/agents/queries'
import { environmentSessionsQuery } from '@/data/sessions/queries'
import { workItemsQuery } from '@/data/work/queries'
import { RichText, useT } from '@/i18n'

/** Agents defaulting to an environment, sessions bound to it and unfinished work. */
export function useEnvironmentUsage(environmentId: string, options: { enabled?: boolean } = {}) {
  const enabled = options.enabled ?? true
  const agents = useQuery({ ...agentListQuery('active'), enabled })
  const sessions = useQuery({ ...environmentSessionsQuery(environmentId), enabled })
  const work = useQuery({ ...workItemsQuery(environmentId), enabled })
  const queries = [agents, sessions, work]
  const usage =
    agents.data && sessions.data && work.data
      ? environmentUsage(environmentId, {
          agents: agents.data,
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

/** The short usage list a confirmation shows before archive or delete. */
export function UsageSummary({ usage }: { usage: EnvironmentUsage }) {
  const { t } = useT('environments')
  const separator = t('environments.common.listSeparator')
  const active = usage.activeSessions.length
  const archived = usage.archivedSessions.length
  return (
    <ul className="flex list-disc flex-col gap-1 pl-5">
      <li>
        {usage.agents.length === 0 ? (
          t('environments.usage.summary.noAgents')
        ) : (
          <RichText
            id="environments.usage.summary.agents"
            values={{
              count: usage.agents.length,
              agents: usage.agents.map((agent, index) => (
                <span key={agent.id}>
                  {index > 0 ? separator : ''}
                  <Link
                    className="text-primary underline underline-offset-2"
                    to={`/agents/${encodeURIComponent(agent.id)}`}
                  >
                    {agent.displayName}
                  </Link>
                </span>
              )),
            }}
          />
        )}
      </li>
      <li>{t('environments.usage.summary.sessions', { active, archived, total: active + archived })}</li>
      <li>
        {usage.activeWork.length === 0
          ? t('environments.usage.summary.noWork')
          : t('environments.usage.summary.work', {
              count: usage.activeWork.length,
              statuses: usage.activeWork.map((item) => workItemStatusLabel(item.status)).join(separator),
            })}
      </li>
    </ul>
  )
}

export function UsageSummaryState({ environmentId }: { environmentId: string }) {
  const { t } = useT('environments')
  const { usage, isPending, error } = useEnvironmentUsage(environmentId)
  if (error)
    return (
      <p role="alert" className="text-destructive">
        {t('environments.usage.summary.loadFailed', { error: errorMessage(error) })}
      </p>
    )
  if (isPending || !usage) return <Spinner label={t('environments.usage.summary.checking')} />
  return <UsageSummary usage={usage} />
}
