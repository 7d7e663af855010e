import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { RelativeTime } from '@/components/text/relative-time'
import { Button } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { Notice } from '@/components/ui/notice'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { checkpointsQuery } from '@/data/sessions/checkpoints'
import type { Checkpoint } from '@/data/sessions/decode-checkpoints'
import { turnsQuery } from '@/data/sessions/queries'
import { traceQuery } from '@/data/sessions/trace'
import type { Session, Turn } from '@/data/sessions/types'
import { RichText, useT } from '@/i18n'
import { readString } from '@/lib/read-fields'
import { useNow } from '@/lib/use-now'
import { useEventLog } from '../hooks/use-event-log'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import type { EventStore } from '../models/event-store'
import { isForkTarget } from '../models/fork-compare'
import { statusLabel } from '../models/status-label'
import { useLineageStore, type ForkLink } from '../stores/lineage-store'
import { checkpointLabel, idText, TitledPanel } from './checkpoint-parts'
import { ForkCompareView } from './fork-compare-view'
import { ForkPanel } from './fork-panel'
import { RestorePanel, usePreflight } from './restore-panel'

const selectIsForkTarget = (store: EventStore) => isForkTarget(store.all())

/** The address of this tab with the given checkpoint (and fork to compare) chosen. */
const tabHref = (checkpointId: string | null, compare: string | null = null) => {
  const params = new URLSearchParams({ tab: 'checkpoints' })
  if (checkpointId) params.set('checkpoint', checkpointId)
  if (compare) params.set('compare', compare)
  return `?${params.toString()}`
}

const sourceHref = (link: Pick<ForkLink, 'sourceId' | 'checkpointId' | 'targetId'>) =>
  `/sessions/${link.sourceId}${tabHref(link.checkpointId, link.targetId)}`

/**
 * Checkpoints and forks of a session: the checkpoints along its turns, the chosen one's restore
 * (with the pre-flight) and fork, the lineage both ways, and the two sides of a fork compared.
 */
export function CheckpointsTab({
  session,
  log,
  canWrite,
}: {
  session: Session
  log: SessionEventLog
  canWrite: boolean
}) {
  const { t } = useT('sessions', 'sessions:checkpoints')
  const list = useQuery(checkpointsQuery(session.id))
  const [params] = useSearchParams()
  const preflight = usePreflight(session.id, log)
  const chosenId = params.get('checkpoint')
  const compareId = params.get('compare')

  if (list.isPending) return <LoadingState label={t('sessions.checkpoints.loading')} />
  if (list.isError) {
    return (
      <QueryErrorState
        title={t('sessions.checkpoints.loadFailed')}
        error={list.error}
        onRetry={() => void list.refetch()}
      />
    )
  }
  const checkpoints = list.data.items
  const chosen = checkpoints.find((checkpoint) => checkpoint.id === chosenId) ?? null
  return (
    <section aria-labelledby="checkpoints-title" className="flex flex-col gap-5">
      <h2 id="checkpoints-title" className="text-base font-semibold">
        {t('sessions.checkpoints.title')}
      </h2>
      <LineagePanel session={session} log={log} />
      {!list.data.isOffered ? (
        <Notice tone="info">{t('sessions.checkpoints.notOffered')}</Notice>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('sessions.checkpoints.intro')}</p>
          {checkpoints.length === 0 ? (
            <p className="text-sm">{t('sessions.checkpoints.none')}</p>
          ) : (
            <CheckpointTimeline
              sessionId={session.id}
              checkpoints={checkpoints}
              chosenId={chosen?.id ?? null}
            />
          )}
          {chosen && compareId ? (
            <ForkCompareView
              log={log}
              checkpoint={chosen}
              targetId={compareId}
              closeHref={tabHref(chosen.id)}
            />
          ) : null}
          {chosen ? (
            <div className="grid gap-4 xl:grid-cols-2">
              <RestorePanel
                sessionId={session.id}
                checkpoint={chosen}
                preflight={preflight}
                canWrite={canWrite}
              />
              <ForkPanel
                session={session}
                checkpoint={chosen}
                preflight={preflight}
                canWrite={canWrite}
                compareHref={(targetId) => tabHref(chosen.id, targetId)}
              />
            </div>
          ) : null}
        </>
      )}
    </section>
  )
}

type TimelineGroup = { turn: Turn | null; number: number | null; checkpoints: Checkpoint[] }

/** Checkpoints placed on the session's axis of turns: under their turn, else after the latest turn before them. */
function groupByTurn(turns: readonly Turn[], checkpoints: readonly Checkpoint[]): TimelineGroup[] {
  const ordered = [...turns].sort((a, b) => a.createdAt - b.createdAt)
  const groups: TimelineGroup[] = [
    { turn: null, number: null, checkpoints: [] },
    ...ordered.map((turn, index) => ({ turn, number: index + 1, checkpoints: [] as Checkpoint[] })),
  ]
  for (const checkpoint of checkpoints) {
    const own = groups.find((group) => group.turn !== null && group.turn.id === checkpoint.turnId)
    const before = groups.findLast(
      (group) => group.turn === null || group.turn.createdAt <= checkpoint.createdAt,
    )
    ;(own ?? before ?? groups[0])?.checkpoints.push(checkpoint)
  }
  return groups.filter((group) => group.turn !== null || group.checkpoints.length > 0)
}

function CheckpointTimeline({
  sessionId,
  checkpoints,
  chosenId,
}: {
  sessionId: string
  checkpoints: readonly Checkpoint[]
  chosenId: string | null
}) {
  const { t } = useT('sessions', 'sessions:checkpoints')
  const turns = useQuery(turnsQuery(sessionId))
  const [, setParams] = useSearchParams()
  const now = useNow()
  const groups = groupByTurn(turns.data ?? [], checkpoints)
  return (
    <ol
      aria-label={t('sessions.checkpoints.timeline.label')}
      className="flex flex-col gap-3 border-l border-border pl-4"
    >
      {groups.map((group) => (
        <li key={group.turn?.id ?? 'before'} className="flex flex-col gap-2">
          <p className="text-sm font-medium">
            {group.turn ? (
              <>
                {t('sessions.checkpoints.timeline.turn', { number: group.number ?? 0 })}{' '}
                <span className="text-muted-foreground">
                  · {statusLabel(group.turn.status)} · {idText(group.turn.id)}
                </span>
              </>
            ) : (
              t('sessions.checkpoints.timeline.beforeTurns')
            )}
          </p>
          {group.checkpoints.length > 0 ? (
            <ul className="flex flex-col gap-2">
              {group.checkpoints.map((checkpoint) => {
                const isChosen = checkpoint.id === chosenId
                return (
                  <li
                    key={checkpoint.id}
                    className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border p-2 text-sm ${
                      isChosen ? 'border-primary' : 'border-border'
                    }`}
                  >
                    <span className="font-medium">{checkpointLabel(checkpoint, t)}</span>
                    <RelativeTime
                      at={checkpoint.createdAt}
                      now={now}
                      className="text-xs text-muted-foreground"
                    />
                    {idText(checkpoint.id)}
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-pressed={isChosen}
                      aria-label={`${t('sessions.checkpoints.timeline.select')}: ${checkpoint.id}`}
                      className="ml-auto"
                      onClick={() =>
                        setParams((current) => {
                          const next = new URLSearchParams(current)
                          next.set('checkpoint', checkpoint.id)
                          next.delete('compare')
                          return next
                        })
                      }
                    >
                      {isChosen
                        ? t('sessions.checkpoints.timeline.selected')
                        : t('sessions.checkpoints.timeline.select')}
                    </Button>
                  </li>
                )
              })}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

/** Where this session came from and which forks came from it, as far as anyone recorded it. */
function LineagePanel({ session, log }: { session: Session; log: SessionEventLog }) {
  const { t } = useT('sessions:checkpoints')
  const links = useLineageStore((state) => state.links)
  const parent = links[session.id]
  const children = Object.values(links).filter((link) => link.sourceId === session.id)
  const isTarget = useEventLog(log.store, selectIsForkTarget)
  return (
    <TitledPanel id="lineage-title" title={t('sessions.checkpoints.lineage.title')}>
      {parent ? (
        <ParentLine link={parent} isFromServer={false} />
      ) : isTarget ? (
        <ServerParent sessionId={session.id} />
      ) : null}
      {children.length > 0 ? (
        <div>
          <p className="font-medium">{t('sessions.checkpoints.lineage.forks')}</p>
          <ul className="mt-1 flex flex-col gap-1">
            {children.map((link) => (
              <li key={link.targetId} className="flex flex-wrap items-center gap-2">
                <RichText
                  id="sessions.checkpoints.lineage.forkItem"
                  values={{
                    session: (
                      <Link to={`/sessions/${link.targetId}`} className="font-mono text-xs underline">
                        {link.targetId}
                      </Link>
                    ),
                    checkpoint: idText(link.checkpointId),
                  }}
                />
                <Link to={tabHref(link.checkpointId, link.targetId)} className="underline">
                  {t('sessions.checkpoints.lineage.compare')}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : !parent && !isTarget ? (
        <p>{t('sessions.checkpoints.lineage.none')}</p>
      ) : null}
      <p className="text-xs text-muted-foreground">{t('sessions.checkpoints.lineage.onlyHere')}</p>
    </TitledPanel>
  )
}

function ParentLine({
  link,
  isFromServer,
}: {
  link: Pick<ForkLink, 'sourceId' | 'checkpointId' | 'targetId'>
  isFromServer: boolean
}) {
  const { t } = useT('sessions:checkpoints')
  const values = {
    session: (
      <Link to={`/sessions/${link.sourceId}`} className="font-mono text-xs underline">
        {link.sourceId}
      </Link>
    ),
    checkpoint: idText(link.checkpointId),
  }
  return (
    <p className="flex flex-wrap items-center gap-2">
      <span>
        {isFromServer ? (
          <RichText id="sessions.checkpoints.lineage.forkedFromServer" values={values} />
        ) : (
          <RichText id="sessions.checkpoints.lineage.forkedFrom" values={values} />
        )}
      </span>
      <Link to={sourceHref(link)} className="font-medium underline">
        {t('sessions.checkpoints.lineage.compareWithSource')}
      </Link>
    </p>
  )
}

/** A fork target this console did not make: the server's `migration/baseline` names its source (trace on). */
function ServerParent({ sessionId }: { sessionId: string }) {
  const { t } = useT('sessions:checkpoints')
  const trace = useQuery(traceQuery(sessionId))
  const baseline = trace.data?.facts.find((fact) => fact.type === 'migration/baseline')
  const sourceId = readString(baseline?.data.source_session_id)
  const checkpointId = readString(baseline?.data.checkpoint_id)
  if (sourceId && checkpointId)
    return <ParentLine link={{ sourceId, checkpointId, targetId: sessionId }} isFromServer />
  return <p>{t('sessions.checkpoints.lineage.forkedUnknown')}</p>
}
