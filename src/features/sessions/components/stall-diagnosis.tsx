import { Link } from '@/components/ui/link'
import { errorHints } from '@/data/sessions/event-data'
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

/** "Why isn't this running?": shown while a turn waits, naming the likely causes with fixes. */
export function StallDiagnosis({
  session,
  turns,
  openActions,
  log,
}: {
  session: Session
  turns: readonly Turn[]
  openActions: readonly OpenAction[]
  log: SessionEventLog
}) {
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
