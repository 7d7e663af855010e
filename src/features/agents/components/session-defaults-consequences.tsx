import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { Link } from '@/components/ui/link'
import { useAgentVersions } from '@/data/agents/use-agent-versions'
import { agentSessionsQuery } from '@/data/sessions/queries'
import { countSessionsOnEnvironment } from '../models/count-sessions-on-environment'
import { builtInToolset, effectiveTools, toolsBlockedBy } from '../models/agent-tools'
import { decodeAgentTools } from '@/data/agents/decode-tools'
import { environmentTypeLabel } from '@/lib/environment-type-label'
import {
  defaultEnvironmentChanges,
  type DefaultEnvironmentChange,
} from '../models/default-environment-history'
import { errorMessage } from '@/api/api-error'
import { Button } from '@/components/ui/button'
import { RichText, useT } from '@/i18n'
import { RelativeTime } from '@/components/text/relative-time'
import { useNow } from '@/lib/use-now'

/**
 * What a default-environment change does and does not do, next to the control that makes it:
 * new sessions inherit it, existing sessions stay where they are, and when it last changed.
 */
export function SessionDefaultsConsequences({
  agentId,
  savedEnvironmentId,
  draftEnvironmentId,
  draftEnvironmentType,
  tools,
  nextVersion,
  environmentName,
  onShowVersions,
}: {
  agentId: string
  /** The stored default: the one existing inheriting sessions were created with most recently. */
  savedEnvironmentId: string | null
  draftEnvironmentId: string | null
  /** The type of the draft default environment, when known. */
  draftEnvironmentType: string | null
  /** The definition's `tools`, as read. */
  tools: unknown
  /** The version new sessions will record once this is saved. */
  nextVersion: number
  environmentName: (environmentId: string) => string
  onShowVersions: () => void
}) {
  const { t } = useT('agents', 'agents:consequences-tools')
  const now = useNow()
  const blocked = draftEnvironmentType
    ? toolsBlockedBy(draftEnvironmentType, effectiveTools(builtInToolset(decodeAgentTools(tools))))
    : []
  const sessions = useQuery(agentSessionsQuery(agentId))
  const history = useAgentVersions(agentId)
  const versions = history.query
  const lastChange = history.versions ? defaultEnvironmentChanges(history.versions)[0] : undefined
  const isChanging = savedEnvironmentId !== draftEnvironmentId
  const { refetch: refetchSessions } = sessions
  useEffect(() => {
    // Sessions are created all the time by others: count afresh when the user starts a change.
    if (isChanging) void refetchSessions()
  }, [isChanging, refetchSessions])

  return (
    <section aria-labelledby="defaults-consequences" className="rounded-md border border-border p-4 text-sm">
      <h3 id="defaults-consequences" className="font-semibold">
        {t('agents.consequences.heading')}
      </h3>
      <ul className="mt-2 flex list-disc flex-col gap-2 pl-5">
        <li>
          {draftEnvironmentId ? (
            <RichText
              id="agents.consequences.inherit"
              values={{
                environment: <strong className="break-words">{environmentName(draftEnvironmentId)}</strong>,
                version: nextVersion,
              }}
            />
          ) : (
            t('agents.consequences.mustPick')
          )}
        </li>
        {draftEnvironmentId && blocked.length > 0 ? (
          <li>
            <strong>{t('agents.toolWarnings.title')}</strong>{' '}
            {t('agents.toolWarnings.cannotRun', {
              tools: blocked.join(', '),
              count: blocked.length,
              environment: environmentName(draftEnvironmentId),
              type: environmentTypeLabel(draftEnvironmentType ?? ''),
            })}{' '}
            <a className="text-primary underline underline-offset-4" href="#agent-tools">
              {t('agents.toolWarnings.fix')}
            </a>
          </li>
        ) : null}
        <li>
          {t('agents.consequences.existingStay')}{' '}
          {savedEnvironmentId ? (
            <ExistingSessions
              count={
                sessions.data ? countSessionsOnEnvironment(sessions.data.items, savedEnvironmentId) : null
              }
              isComplete={sessions.data?.isComplete ?? true}
              error={sessions.isError ? errorMessage(sessions.error) : null}
              onRetry={() => void sessions.refetch()}
              environmentName={environmentName(savedEnvironmentId)}
              isChanging={isChanging}
              href={`/sessions?agent=${encodeURIComponent(agentId)}&environment=${encodeURIComponent(savedEnvironmentId)}`}
            />
          ) : null}
        </li>
        <li>
          {versions.isPending || history.isFilling ? (
            t('agents.consequences.readingHistory')
          ) : versions.isError ? (
            t('agents.consequences.historyError', { error: errorMessage(versions.error) })
          ) : lastChange ? (
            <LastChange change={lastChange} now={now} />
          ) : (
            t('agents.consequences.neverSet')
          )}{' '}
          <Button variant="link" size="inline" className="underline" onClick={onShowVersions}>
            {t('agents.consequences.showVersions')}
          </Button>
        </li>
      </ul>
    </section>
  )
}

function LastChange({ change, now }: { change: DefaultEnvironmentChange; now: number }) {
  const { t } = useT('agents')
  const time =
    change.changedAt === null ? (
      t('agents.consequences.unknownTime')
    ) : (
      <RelativeTime at={change.changedAt} now={now} />
    )
  return change.changedBy ? (
    <RichText
      id="agents.consequences.lastChangedBy"
      values={{ version: change.version, time, user: change.changedBy }}
    />
  ) : (
    <RichText id="agents.consequences.lastChanged" values={{ version: change.version, time }} />
  )
}

function ExistingSessions({
  count,
  isComplete,
  error,
  onRetry,
  environmentName,
  isChanging,
  href,
}: {
  count: { total: number; archived: number } | null
  isComplete: boolean
  error: string | null
  onRetry: () => void
  environmentName: string
  isChanging: boolean
  href: string
}) {
  const { t } = useT('agents')
  if (error) {
    return (
      <span>
        {t('agents.consequences.countError', { error })}{' '}
        <Button variant="link" size="inline" className="underline" onClick={onRetry}>
          {t('agents.consequences.tryAgain')}
        </Button>
      </span>
    )
  }
  if (!count) return <span>{t('agents.consequences.counting')}</span>
  if (count.total === 0) {
    return <span>{t('agents.consequences.noSessions', { environment: environmentName })}</span>
  }
  const values = {
    sessions: (
      <strong>
        {isComplete
          ? t('agents.consequences.sessionCount', { count: count.total })
          : t('agents.consequences.sessionCountAtLeast', { count: count.total })}
      </strong>
    ),
    archived: count.archived,
    count: count.total,
    environment: environmentName,
  }
  return (
    <span>
      {isChanging ? (
        <RichText id="agents.consequences.sessionsStay" values={values} />
      ) : (
        <RichText id="agents.consequences.sessionsRun" values={values} />
      )}{' '}
      <Link className="text-primary underline underline-offset-4" to={href}>
        {t('agents.consequences.viewSessions', { count: count.total })}
      </Link>
    </span>
  )
}
