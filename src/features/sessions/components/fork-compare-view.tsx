import { useQuery } from '@tanstack/react-query'
import { Link } from '@/components/ui/link'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { sessionEventsQuery } from '@/data/sessions/checkpoints'
import type { Checkpoint } from '@/data/sessions/decode-checkpoints'
import { HISTORY_PAGE } from '@/data/sessions/event-page'
import { RichText, useT } from '@/i18n'
import { useEventLog } from '../hooks/use-event-log'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import type { EventStore } from '../models/event-store'
import {
  baselineMessages,
  compareLines,
  eventsAfterForkPoint,
  type CompareLine,
} from '../models/fork-compare'
import { statusLabel } from '../models/status-label'

const selectEvents = (store: EventStore) => store.all()

function Lines({ lines }: { lines: CompareLine[] }) {
  const { t } = useT('sessions:checkpoints')
  if (lines.length === 0)
    return <p className="text-sm text-muted-foreground">{t('sessions.checkpoints.compare.nothingSince')}</p>
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {lines.map((line) => (
        <li key={line.key} className="break-words whitespace-pre-wrap">
          {line.kind === 'turn' ? (
            <span className="font-medium">
              {t('sessions.checkpoints.compare.turn', { number: line.number ?? '–', prompt: line.prompt })}
              {line.status ? (
                <span className="text-muted-foreground"> · {statusLabel(line.status)}</span>
              ) : null}
            </span>
          ) : line.kind === 'message' ? (
            <>
              <span className="font-medium">{line.role}: </span>
              {line.text}
            </>
          ) : line.kind === 'tool' ? (
            <span className="font-mono text-xs">
              {t('sessions.checkpoints.compare.tool', { name: line.name, status: statusLabel(line.status) })}
            </span>
          ) : (
            <span className="font-mono text-xs text-muted-foreground">
              {t('sessions.checkpoints.compare.event', { type: line.type })}
            </span>
          )}
        </li>
      ))}
    </ol>
  )
}

/**
 * The two transcripts side by side from the fork point: this session after the checkpoint, and the
 * fork from its copied baseline on. Both are read from public events and shown as text.
 */
export function ForkCompareView({
  log,
  checkpoint,
  targetId,
  closeHref,
}: {
  log: SessionEventLog
  checkpoint: Checkpoint
  targetId: string
  closeHref: string
}) {
  const { t } = useT('sessions:checkpoints')
  const sourceEvents = useEventLog(log.store, selectEvents)
  const target = useQuery(sessionEventsQuery(targetId))
  const sourceLines = compareLines(sourceEvents, eventsAfterForkPoint(sourceEvents, checkpoint))
  return (
    <section aria-labelledby="fork-compare-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="fork-compare-title" className="text-sm font-semibold">
          {t('sessions.checkpoints.compare.title')}
        </h3>
        <Link to={closeHref} className="text-sm underline">
          {t('sessions.checkpoints.compare.close')}
        </Link>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <section
          aria-labelledby="fork-compare-source"
          className="min-w-0 rounded-lg border border-border p-3"
        >
          <h4 id="fork-compare-source" className="mb-2 text-sm font-medium">
            {t('sessions.checkpoints.compare.source')}
          </h4>
          <Lines lines={sourceLines} />
        </section>
        <section
          aria-labelledby="fork-compare-target"
          className="min-w-0 rounded-lg border border-border p-3"
        >
          <h4 id="fork-compare-target" className="mb-2 text-sm font-medium">
            <RichText
              id="sessions.checkpoints.compare.target"
              values={{
                session: (
                  <Link to={`/sessions/${targetId}`} className="font-mono text-xs underline">
                    {targetId}
                  </Link>
                ),
              }}
            />
          </h4>
          {target.isPending ? (
            <LoadingState label={t('sessions.checkpoints.compare.loading')} />
          ) : target.isError ? (
            <QueryErrorState
              title={t('sessions.checkpoints.compare.target', { session: targetId })}
              error={target.error}
              onRetry={() => void target.refetch()}
            />
          ) : (
            <TargetColumn events={target.data.events} isComplete={target.data.isComplete} />
          )}
        </section>
      </div>
    </section>
  )
}

function TargetColumn({
  events,
  isComplete,
}: {
  events: Parameters<typeof compareLines>[0]
  isComplete: boolean
}) {
  const { t } = useT('sessions:checkpoints')
  const baseline = baselineMessages(events)
  return (
    <div className="flex flex-col gap-3">
      {baseline.length > 0 ? (
        <details className="rounded-md bg-muted/40 p-2 text-sm">
          <summary className="cursor-pointer font-medium">
            {t('sessions.checkpoints.compare.baseline', { count: baseline.length })}
          </summary>
          <ol className="mt-2 flex flex-col gap-1">
            {baseline.map((message) => (
              <li key={message.key} className="break-words whitespace-pre-wrap">
                <span className="font-medium">{message.role}: </span>
                {message.text}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      <Lines lines={compareLines(events)} />
      {isComplete ? null : (
        <p className="text-xs text-muted-foreground">
          {t('sessions.checkpoints.compare.partial', { count: HISTORY_PAGE })}
        </p>
      )}
    </div>
  )
}
