import { Link } from '@/components/ui/link'
import { errorHints, itemEventData } from '@/data/sessions/event-data'
import { usePinnedAgentTools } from '@/data/agents/use-pinned-tools'
import {
  diagnoseConfiguration,
  type ConfigurationCause,
  type ConfigurationSetting,
} from '../models/diagnose-configuration'
import { buildToolRecords } from '../models/tool-records'
import { markInvisibleCharacters } from '@/lib/invisible-characters'
import { useEnvironmentWork } from '../hooks/use-environment-work'
import type { Session, Turn } from '@/data/sessions/types'
import { useEventLog } from '../hooks/use-event-log'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import { confidenceLabel, diagnoseStall, type StallCause } from '../models/diagnose-stall'
import type { EventStore } from '../models/event-store'
import { joinList } from '../models/join-list'
import type { OpenAction } from '../models/pending-actions'
import { statusLabel } from '../models/status-label'
import { isApiError } from '@/api/api-error'
import { Badge } from '@/components/ui/badge'
import { Notice } from '@/components/ui/notice'
import { useT } from '@/i18n'
import { formatDuration } from '@/lib/format-duration'
import { useNow } from '@/lib/use-now'

/** Fast enough to see within seconds that queued work stays unclaimed (see UNCLAIMED_GRACE_MS). */
const POLL_MS = 5_000

const selectErrorHints = (store: EventStore) => store.all().flatMap(errorHints)
const CONFIDENCE_TONE = { blocking: 'danger', likely: 'warning', possible: 'neutral' } as const

function FixLink({ fix }: { fix: NonNullable<StallCause['fix']> }) {
  if (fix.href.startsWith('#')) {
    return (
      <a className="text-primary hover:underline" href={fix.href}>
        {fix.label}
      </a>
    )
  }
  return (
    <Link className="text-primary hover:underline" to={fix.href}>
      {fix.label}
    </Link>
  )
}

/** What both diagnoses read: the session, its turns, its open actions and its event log. */
type DiagnosisProps = {
  session: Session
  turns: readonly Turn[]
  openActions: readonly OpenAction[]
  log: SessionEventLog
}

/** "Why isn't this running?": shown while a turn waits, naming the likely causes with fixes. */
export function StallDiagnosis({ session, turns, openActions, log }: DiagnosisProps) {
  const { t } = useT('sessions')
  const now = useNow(5_000)
  const environmentId = session.environmentId ?? null
  const isWaiting = turns.some((turn) => turn.status === 'queued' || turn.status === 'requires_action')
  const { environment, isSelfHosted, work, hands } = useEnvironmentWork(environmentId, {
    enabled: isWaiting,
    withHands: true,
    refetchInterval: POLL_MS,
  })
  const hints = useEventLog(log.store, selectErrorHints)

  if (!isWaiting) return null
  const isMissing = environment.isError && isApiError(environment.error) && environment.error.status === 404
  const isLoading = environmentId !== null && environment.isPending
  if (isLoading || (isSelfHosted && (work.isPending || hands.isPending))) return null
  const diagnosis = diagnoseStall({
    now,
    sessionId: session.id,
    environmentId,
    turns,
    environment: isMissing ? 'missing' : (environment.data ?? null),
    workItems: work.data ?? [],
    workReadAt: work.dataUpdatedAt || null,
    workerHeartbeats: hands.data?.workerHeartbeats ?? {},
    pendingActions: openActions,
    errorHints: hints,
  })
  if (!diagnosis) return null
  const waitedMs = now - diagnosis.turn.createdAt
  return (
    <Notice tone="warning" title={t('sessions.stall.title', { turn: diagnosis.turn.id })}>
      <p className="text-xs text-muted-foreground">
        {t('sessions.stall.waiting', {
          status: statusLabel(diagnosis.turn.status),
          duration: formatDuration(waitedMs),
        })}
      </p>
      <ul className="mt-2 flex flex-col gap-2">
        {diagnosis.causes.map((cause) => (
          <li key={cause.code} className="flex flex-col gap-0.5">
            <span className="flex flex-wrap items-center gap-2 font-medium">
              <Badge tone={CONFIDENCE_TONE[cause.confidence]}>{confidenceLabel(cause.confidence)}</Badge>
              {cause.title}
            </span>
            <span className="text-sm">{cause.detail}</span>
            {cause.fix ? <FixLink fix={cause.fix} /> : null}
          </li>
        ))}
      </ul>
      {diagnosis.workers.length > 0 ? (
        <p className="mt-2 text-xs text-muted-foreground">
          {t('sessions.stall.workersSeen', {
            workers: joinList(
              diagnosis.workers.map((worker) =>
                worker.state === 'busy'
                  ? t('sessions.stall.workerBusy', { worker: worker.workerId })
                  : worker.state === 'idle' && worker.lastPollAt !== null
                    ? t('sessions.stall.workerPolled', {
                        worker: worker.workerId,
                        duration: formatDuration(Math.max(0, now - worker.lastPollAt)),
                      })
                    : worker.lastSeenAt !== null
                      ? t('sessions.stall.workerLastSeen', {
                          worker: worker.workerId,
                          duration: formatDuration(Math.max(0, now - worker.lastSeenAt)),
                        })
                      : t('sessions.stall.workerNeverSeen', { worker: worker.workerId }),
              ),
            ),
          })}
        </p>
      ) : null}
    </Notice>
  )
}

const selectToolRecords = (store: EventStore) => buildToolRecords(store.all())
const selectPrompts = (store: EventStore) => {
  const prompts = new Map<string, string>()
  for (const event of store.all()) {
    const item = itemEventData(event)
    if (item?.role === 'user' && item.turnId && !prompts.has(item.turnId)) prompts.set(item.turnId, item.text)
  }
  return prompts
}

type ConfigT = ReturnType<typeof useT>['t']

function settingLabel(t: ConfigT, setting: ConfigurationSetting): string {
  switch (setting) {
    case 'disabled':
      return t('sessions.configuration.setting.disabled')
    case 'not_listed':
      return t('sessions.configuration.setting.notListed')
    case 'deny':
      return t('sessions.configuration.setting.deny')
    case 'always_ask':
      return t('sessions.configuration.setting.alwaysAsk')
  }
}

function causeDetail(t: ConfigT, cause: ConfigurationCause): string {
  const values = { tool: cause.tool, version: cause.agentVersion }
  switch (cause.evidence) {
    case 'not_called':
      return cause.setting === 'not_listed'
        ? t('sessions.configuration.notListed', values)
        : t('sessions.configuration.notCalled', values)
    case 'refused':
      return t('sessions.configuration.refused', values)
    case 'waiting':
      return t('sessions.configuration.waiting', values)
  }
}

/**
 * Configuration diagnosis of the latest turn: a tool it needed that the session's pinned agent
 * definition disables, denies or holds for confirmation, with a link to that setting.
 */
export function ConfigurationDiagnosis({ session, turns, openActions, log }: DiagnosisProps) {
  const { t } = useT('sessions', 'sessions:inspector')
  const latest = [...turns].sort((a, b) => b.createdAt - a.createdAt)[0]
  const pinned = usePinnedAgentTools(session.agentId, session.agentVersion, { enabled: latest !== undefined })
  const records = useEventLog(log.store, selectToolRecords)
  const prompts = useEventLog(log.store, selectPrompts)
  if (!latest || !pinned) return null
  const causes = diagnoseConfiguration({
    agentId: session.agentId,
    agentVersion: pinned.version,
    tools: pinned.tools,
    turnId: latest.id,
    turnStatus: latest.status,
    prompt: prompts.get(latest.id) ?? '',
    calls: records,
    openActions,
  })
  if (causes.length === 0) return null
  return (
    <Notice tone="warning" title={t('sessions.configuration.title', { turn: latest.id })}>
      <ul className="flex flex-col gap-2">
        {causes.map((cause) => (
          <li key={cause.tool} className="flex flex-col gap-0.5">
            <span className="flex flex-wrap items-center gap-2 font-medium">
              <span className="font-mono">{markInvisibleCharacters(cause.tool)}</span>
              <Badge tone={cause.setting === 'always_ask' ? 'warning' : 'danger'}>
                {settingLabel(t, cause.setting)}
              </Badge>
              <span className="text-xs text-muted-foreground">
                {t('sessions.configuration.version', { version: cause.agentVersion })}
              </span>
            </span>
            <span className="text-sm">{causeDetail(t, cause)}</span>
            <Link className="text-primary hover:underline" to={cause.href}>
              {t('sessions.configuration.fix', { tool: cause.tool })}
            </Link>
          </li>
        ))}
      </ul>
    </Notice>
  )
}
