import { sessionStatusLabel } from '../models/session-status-label'
import { useEnvironmentUsage } from '../hooks/use-environment-usage'
import type { Session } from '../models/environment-usage'
import type { WorkItem } from '@/data/work/types'
import { VisibleText } from '@/components/text/visible-text'
import { Link } from '@/components/ui/link'
import { ResourceName } from '@/components/ui/resource-name'
import { useAgentName } from '@/data/agents/use-agent-name'
import { useSessionTitles } from '@/data/sessions/session-title'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { RichText, useT } from '@/i18n'
import { formatExactTime } from '@/lib/format-time'

function AgentName({ agentId }: { agentId: string }) {
  const name = useAgentName(agentId)
  return name ? <VisibleText text={name} /> : <span className="font-mono">{agentId}</span>
}

function SessionList({
  title,
  sessions,
  empty,
  work,
}: {
  title: string
  sessions: Session[]
  empty: string
  /** The environment's unfinished work, to tell a session waiting for a worker from one waiting for an answer. */
  work: readonly WorkItem[]
}) {
  const { t } = useT('environments')
  const titles = useSessionTitles(sessions)
  return (
    <section className="flex flex-col gap-2" aria-label={title}>
      <h2 className="text-sm font-semibold">
        {t('environments.usage.heading', { title, count: sessions.length })}
      </h2>
      {sessions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-start gap-x-2">
              <ResourceName
                className="text-sm"
                name={titles.get(session.id)?.text ?? null}
                id={session.id}
                to={`/sessions/${encodeURIComponent(session.id)}`}
              />
              <span className="inline-flex min-h-6 items-center text-xs text-muted-foreground">
                <RichText
                  id="environments.usage.sessionLine"
                  values={{
                    status: sessionStatusLabel(
                      session.status,
                      work.find((item) => item.sessionId === session.id),
                    ),
                    agent: <AgentName agentId={session.agentId} />,
                    time: formatExactTime(session.createdAt),
                  }}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Agents defaulting to this environment and the sessions bound to it. */
export function UsagePanel({ environmentId }: { environmentId: string }) {
  const { t } = useT('environments')
  const { usage, isPending, error, refetch } = useEnvironmentUsage(environmentId)
  if (error)
    return (
      <QueryErrorState
        title={t('environments.usage.loadFailed')}
        error={error}
        onRetry={() => void refetch()}
      />
    )
  if (isPending || !usage) return <LoadingState label={t('environments.usage.loading')} />
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted-foreground">{t('environments.usage.intro')}</p>
      <section className="flex flex-col gap-2" aria-label={t('environments.usage.agentsTitle')}>
        <h2 className="text-sm font-semibold">
          {t('environments.usage.heading', {
            title: t('environments.usage.agentsTitle'),
            count: usage.agents.length,
          })}
        </h2>
        {usage.agents.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('environments.usage.noAgents')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {usage.agents.map((agent) => (
              <li key={agent.id}>
                <Link
                  className="inline-flex min-h-6 items-center text-primary underline underline-offset-2"
                  to={`/agents/${encodeURIComponent(agent.id)}`}
                >
                  {agent.name}
                </Link>{' '}
                <span className="font-mono text-xs text-muted-foreground">{agent.id}</span>
              </li>
            ))}
          </ul>
        )}
        {usage.uncheckedAgents.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            {t('environments.usage.unchecked', {
              count: usage.uncheckedAgents.length,
              agents: usage.uncheckedAgents
                .map((agent) => agent.name)
                .join(t('environments.common.listSeparator')),
            })}
          </p>
        ) : null}
      </section>
      <SessionList
        title={t('environments.usage.activeSessions')}
        sessions={usage.activeSessions}
        empty={t('environments.usage.noActiveSessions')}
        work={usage.activeWork}
      />
      <SessionList
        title={t('environments.usage.archivedSessions')}
        sessions={usage.archivedSessions}
        empty={t('environments.usage.noArchivedSessions')}
        work={usage.activeWork}
      />
    </div>
  )
}
