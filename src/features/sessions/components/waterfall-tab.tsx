import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { checkpointsQuery } from '@/data/sessions/checkpoints'
import type { Checkpoint } from '@/data/sessions/decode-checkpoints'
import { checkpointLabel } from './checkpoint-parts'
import { WATERFALL_STRINGS } from './tab-strings'
import { useCallPlace } from '../hooks/use-call-place'
import type { ExportContext } from '@/data/sessions/export-manifest'
import { childSessionOf } from '@/data/sessions/decode-subagents'
import { LANE_FIRST_PAGE } from '@/data/sessions/event-page'
import type { SessionRoute } from '@/data/sessions/session-route'
import type { Session } from '@/data/sessions/types'
import { useSessionEventLog } from '../hooks/use-session-event-log'
import { isSettledSubagent, subagentsInLog, type LoggedSubagent } from '../models/subagent-lanes'
import { subagentPath } from '../models/subagent-path'
import { StatusBadge } from './status-badge'
import { Link } from '@/components/ui/link'
import { VisibleText } from '@/components/text/visible-text'
import { useEventLog } from '../hooks/use-event-log'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import { useTranscript } from '../hooks/use-transcript'
import type { EntryFocusState } from '../models/entry-focus'
import type { EventStore } from '../models/event-store'
import { statusLabel } from '../models/status-label'
import {
  axisTicks,
  buildTimeAxis,
  buildWaterfallTurn,
  formatOffset,
  placeCheckpoints,
  unionLength,
  type CheckpointMark,
  type WaterfallBar,
  type WaterfallMark,
} from '../models/waterfall'
import { Button } from '@/components/ui/button'
import { Notice } from '@/components/ui/notice'
import { LoadingState } from '@/components/ui/states'
import { useT } from '@/i18n'
import { cn } from '@/lib/cn'
import { formatDuration } from '@/lib/format-duration'

/** The newest turns drawn at once; earlier ones are a click away. */
const TURNS_SHOWN = 20
/** A sub-agent's lane starts with its latest turns only: fifty lanes stay quick to draw. */
const LANE_TURNS_SHOWN = 3
/** Idle stretches longer than this are drawn as a short gap. */
const MAX_GAP_MS = 30_000
const GAP_PX = 28
/** The track's width at zoom 1: the busy time of the turns shown fits in it. */
const TRACK_PX = 880
const ZOOM_STEP = 1.5
const PAN_PX = 120

/**
 * Every bar is pressed through a target of at least this many CSS px each way (WCAG 2.5.8): a
 * bar has a lane of this height to itself (a call's wait gets the lane under its call), and one
 * narrower than this is centred in a target this wide.
 */
const TARGET_PX = 24

/** The wait for a worker's fill, on its bars and in the legend. */
const WAIT_FILL =
  'border border-warning bg-[repeating-linear-gradient(135deg,var(--color-warning)_0_3px,transparent_3px_7px)]'
// Where each bar is drawn in its lane. A call with a wait is drawn at the bottom of its lane and
// the wait at the top of the next, so the two still read as one call.
const BAR_STYLE: Record<WaterfallBar['kind'], string> = {
  turn: 'top-1/2 h-2 -translate-y-1/2 bg-muted-foreground/50',
  run: 'top-1/2 h-3 -translate-y-1/2 bg-primary',
  tool: 'top-1/2 h-2.5 -translate-y-1/2 bg-success',
  wait: cn('top-1 h-2.5', WAIT_FILL),
}
const TOOL_ABOVE_WAIT = 'bottom-1 h-2.5 bg-success'

// The moments on a wait: the claim a solid tick (a bracket when only a range is known), the
// result a dashed one, both in the text colour so they stand out from every bar's fill.
const CLAIM_TICK = 'top-0.5 h-4 w-[3px] -translate-x-1/2 rounded-sm bg-foreground'
const CLAIM_RANGE =
  'top-1 h-2.5 border-x-[3px] border-foreground bg-[linear-gradient(var(--color-foreground),var(--color-foreground))] bg-[length:100%_2px] bg-center bg-no-repeat'
// Applied steering or context: a diamond on the run that consumed it, apart from the claim ticks.
const INPUT_TICK = 'top-1 size-2.5 -translate-x-1/2 rotate-45 rounded-[2px] border border-card bg-warning'
const RESULT_TICK =
  'top-0.5 h-4 w-[3px] -translate-x-1/2 bg-[repeating-linear-gradient(180deg,var(--color-foreground)_0_3px,transparent_3px_5px)]'

// A checkpoint: a flag on its own row above the axis, pointing down at its moment.
const CHECKPOINT_TICK =
  'top-1 size-0 -translate-x-1/2 border-x-[6px] border-t-[10px] border-x-transparent border-t-foreground'

const selectNewest = (store: EventStore) => store.at(store.size - 1)?.created_at ?? 0

/**
 * The session's time as bars: turns → runs → tool calls, and for self-hosted calls the wait from
 * the turn suspending to resuming with the worker's result. Idle gaps are squeezed; zoom and pan
 * with the buttons or keys; a bar opens its entry in the transcript (and the event log).
 */
/** One key of the legend: a swatch drawn as the bars are (a fill, or a mark's tick), and its name. */
function LegendItem({ swatch, tick, children }: { swatch?: string; tick?: string; children: ReactNode }) {
  return (
    <span className="flex items-center gap-1">
      {tick ? (
        <span aria-hidden="true" className="relative inline-block h-4 w-2">
          <span className={cn('absolute left-1/2', tick)} />
        </span>
      ) : (
        <span aria-hidden="true" className={cn('inline-block', swatch)} />
      )}
      {children}
    </span>
  )
}

const selectSubagents = (store: EventStore) => subagentsInLog(store.all())

type WaterfallProps = {
  session: Session
  log: SessionEventLog
  /** The log's route: a session's own (default), or a sub-agent's through its root session. */
  route?: SessionRoute
  /** The sub-agents from the root down to this log (empty for the root session). */
  chain?: readonly string[]
  /** A sub-agent's lane inside its parent's waterfall: no controls, bars open the sub-agent. */
  isNested?: boolean
  /** An opened file: where its calls ran, as its manifest says (no server is asked). */
  fromFile?: ExportContext | null
  /** Mark the session's checkpoints on the axis (a session's own page; not a lane or a file). */
  withCheckpoints?: boolean
}

export function WaterfallTab({
  session,
  log,
  route,
  chain = [],
  isNested = false,
  fromFile = null,
  withCheckpoints = false,
}: WaterfallProps) {
  const { t } = useT(...WATERFALL_STRINGS)
  const navigate = useNavigate()
  const rootId = route?.sessionId ?? session.id
  const subagents = useEventLog(log.store, selectSubagents)
  const { builder, revision } = useTranscript(log.store)
  const [params, setParams] = useSearchParams()
  const selectedKey = params.get('entry')
  const [zoom, setZoom] = useState(1)
  const [pan, setPan] = useState(0)
  const [active, setActive] = useState(0)
  const step = isNested ? LANE_TURNS_SHOWN : TURNS_SHOWN
  const [turnsShown, setTurnsShown] = useState(step)
  const { isSelfHosted, workItems } = useCallPlace(session.environmentId ?? null, fromFile)
  const newest = useEventLog(log.store, selectNewest)
  const bars = useRef(new Map<number, HTMLButtonElement>())

  const all = builder.turnList().filter((turn) => turn.turnId !== null)
  const shown = all.slice(-turnsShown)
  const turns = useMemo(
    () =>
      shown.map((turn) =>
        buildWaterfallTurn(
          turn,
          {
            sessionId: session.id,
            isSelfHosted,
            workItems: workItems ?? [],
            turnStartedAt: builder.turnStartedAt,
          },
          newest,
        ),
      ),
    // `revision` moves whenever the transcript folded events; the turns are mutated in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [revision, turnsShown, session.id, isSelfHosted, workItems, newest],
  )
  const flat = turns.flatMap((turn) => turn.rows.flatMap((row) => row.bars))
  const intervals = flat.map((bar): [number, number] => [bar.start, bar.end])
  const busyMs = Math.max(1, unionLength(intervals))
  const axis = buildTimeAxis(intervals, {
    pxPerMs: (TRACK_PX / busyMs) * zoom,
    maxGapMs: MAX_GAP_MS,
    gapPx: GAP_PX,
  })

  // Time labels count from the first bar drawn (the oldest turn shown).
  const origin = Math.min(...flat.map((bar) => bar.start))
  const ticks = axisTicks(axis, origin)
  // A server without checkpoints (the 2026-08 release) answers 404: then there are none to mark.
  const checkpoints = useQuery({ ...checkpointsQuery(session.id), enabled: withCheckpoints })
  const placed =
    withCheckpoints && checkpoints.data?.isOffered && checkpoints.data.items.length > 0
      ? placeCheckpoints(
          checkpoints.data.items,
          axis,
          {
            turnIds: new Set(turns.flatMap((turn) => (turn.turnId === null ? [] : [turn.turnId]))),
            from: origin,
            to: Math.max(...flat.map((bar) => bar.end)),
          },
          TARGET_PX,
        )
      : null

  // The bar pressed leaves the page with this tab: focus goes to the entry it opened.
  const open = useCallback(
    (bar: WaterfallBar) =>
      isNested
        ? // A sub-agent's bar opens that sub-agent's own page on the entry.
          void navigate(
            `${subagentPath(rootId, chain)}?${new URLSearchParams({ tab: 'transcript', entry: bar.entryKey, event: bar.eventId }).toString()}`,
            { state: { focusEntry: bar.entryKey } satisfies EntryFocusState },
          )
        : setParams(
            (current) => {
              const next = new URLSearchParams(current)
              next.set('tab', 'transcript')
              next.set('entry', bar.entryKey)
              next.set('event', bar.eventId)
              return next
            },
            { state: { focusEntry: bar.entryKey } satisfies EntryFocusState },
          ),
    [setParams, isNested, navigate, rootId, chain],
  )

  const positionOf = new Map(flat.map((bar, position) => [bar.key, position]))

  function focusBar(index: number) {
    const next = Math.max(0, Math.min(flat.length - 1, index))
    const bar = flat[next]
    if (!bar) return
    setActive(next)
    // Keep the bar in view: moving with the keys pans the track when it would leave it.
    const left = axis.x(bar.start)
    if (left < pan) setPan(Math.max(0, left - 16))
    else if (left > pan + TRACK_PX - 40) setPan(Math.max(0, left - TRACK_PX / 2))
    bars.current.get(next)?.focus()
  }

  function handleKey(event: KeyboardEvent<HTMLDivElement>) {
    const key = event.key
    if (event.shiftKey && (key === 'ArrowLeft' || key === 'ArrowRight')) {
      setPan((value) => Math.max(0, value + (key === 'ArrowRight' ? PAN_PX : -PAN_PX)))
    } else if (key === 'ArrowRight' || key === 'ArrowDown') focusBar(active + 1)
    else if (key === 'ArrowLeft' || key === 'ArrowUp') focusBar(active - 1)
    else if (key === 'Home') focusBar(0)
    else if (key === 'End') focusBar(flat.length - 1)
    else if (key === '+' || key === '=') setZoom((value) => Math.min(64, value * ZOOM_STEP))
    else if (key === '-' || key === '_') setZoom((value) => Math.max(1 / 4, value / ZOOM_STEP))
    else return
    event.preventDefault()
  }

  const kindLabel = (kind: WaterfallBar['kind']) =>
    kind === 'turn'
      ? t('sessions.waterfall.kind.turn')
      : kind === 'run'
        ? t('sessions.waterfall.kind.run')
        : kind === 'tool'
          ? t('sessions.waterfall.kind.tool')
          : t('sessions.waterfall.kind.wait')
  const barLabel = (bar: WaterfallBar) =>
    t('sessions.waterfall.bar', {
      kind: kindLabel(bar.kind),
      name: bar.name,
      duration: formatDuration(bar.end - bar.start),
      status: bar.isOpen ? t('sessions.waterfall.open') : bar.status ? statusLabel(bar.status) : '—',
    }) + (bar.workerId ? ` ${t('sessions.waterfall.worker', { worker: bar.workerId })}` : '')

  /** A mark's name, its time counted from the call's request (`from`). */
  const markLabel = (mark: WaterfallMark, from: number) => {
    const offset = formatOffset(mark.at - from)
    if (mark.kind === 'input')
      return t('sessions.inputs.mark.waterfall', {
        kind:
          mark.inputKind === 'inject'
            ? t('sessions.inputs.ledger.kind.inject')
            : t('sessions.inputs.ledger.kind.steer'),
        input: mark.inputId ?? '',
        offset,
      })
    if (mark.kind === 'result')
      return mark.workerId
        ? t('sessions.waterfall.mark.result', { worker: mark.workerId, offset })
        : t('sessions.waterfall.mark.resultNoWorker', { offset })
    const worker = mark.workerId ?? '—'
    if (mark.until === null) return t('sessions.waterfall.mark.claimed', { worker, offset })
    const until = formatOffset(mark.until - from)
    // A range too short to tell apart at this precision is said as its end ("by 0.3 s"), never
    // "between 0 s and 0 s".
    return until === offset
      ? t('sessions.waterfall.mark.claimedAbout', { worker, offset: until })
      : t('sessions.waterfall.mark.claimedBetween', { worker, from: offset, to: until })
  }
  /** A wait's name carries its marks, so moving to it with the keys says them too. */
  const fullLabel = (bar: WaterfallBar, from: number) =>
    [barLabel(bar), ...(bar.marks ?? []).map((mark) => markLabel(mark, from))].join('. ')

  const isLoading = log.phase === 'snapshot' || log.phase === 'history'
  const lanes =
    subagents.length > 0 ? <SubagentLanes rootId={rootId} chain={chain} subagents={subagents} /> : null
  if (flat.length === 0 && isLoading) {
    return (
      <LoadingState
        label={isNested ? t('sessions.subagents.lanes.loading') : t('sessions.transcript.loading')}
      />
    )
  }
  if (flat.length === 0) {
    return (
      <>
        <Notice>{isNested ? t('sessions.subagents.lanes.empty') : t('sessions.waterfall.empty')}</Notice>
        {lanes}
      </>
    )
  }

  return (
    <div className="flex flex-col gap-3">
      {isNested ? null : (
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <Button size="sm" onClick={() => setZoom((value) => Math.min(64, value * ZOOM_STEP))}>
            {t('sessions.waterfall.zoomIn')}
          </Button>
          <Button size="sm" onClick={() => setZoom((value) => Math.max(1 / 4, value / ZOOM_STEP))}>
            {t('sessions.waterfall.zoomOut')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => (setZoom(1), setPan(0))}>
            {t('sessions.waterfall.reset')}
          </Button>
          <LegendItem swatch="h-3 w-4 rounded-sm bg-primary">
            {t('sessions.waterfall.legend.model')}
          </LegendItem>
          <LegendItem swatch="h-3 w-4 rounded-sm bg-success">
            {t('sessions.waterfall.legend.tool')}
          </LegendItem>
          <LegendItem swatch={cn('h-3 w-4 rounded-sm', WAIT_FILL)}>
            {t('sessions.waterfall.legend.wait')}
          </LegendItem>
          <LegendItem tick={CLAIM_TICK}>{t('sessions.waterfall.legend.claimed')}</LegendItem>
          <LegendItem tick={RESULT_TICK}>{t('sessions.waterfall.legend.result')}</LegendItem>
          <LegendItem tick={INPUT_TICK}>{t('sessions.inputs.mark.legend')}</LegendItem>
          {placed ? (
            <LegendItem tick={CHECKPOINT_TICK}>{t('sessions.checkpoints.waterfall.legend')}</LegendItem>
          ) : null}
        </div>
      )}
      {isNested ? null : (
        <p id="waterfall-keys" className="text-xs text-muted-foreground">
          {t('sessions.waterfall.keys')}
        </p>
      )}
      {all.length > shown.length ? (
        <Button size="sm" className="self-start" onClick={() => setTurnsShown((n) => n + step)}>
          {t('sessions.waterfall.earlier', { count: Math.min(step, all.length - shown.length) })}
        </Button>
      ) : null}
      <div
        role="group"
        aria-label={t('sessions.waterfall.label')}
        aria-describedby="waterfall-keys"
        onKeyDown={handleKey}
        className={cn(
          'flex flex-col gap-4 overflow-hidden rounded-md border border-border bg-card',
          isNested ? 'p-2' : 'p-3',
        )}
        data-testid={isNested ? 'waterfall-lane' : 'waterfall'}
      >
        {turns.map((turn) => (
          <section
            key={turn.turnId ?? 'session'}
            aria-label={t('sessions.transcript.turnLabel', { turn: turn.turnId ?? '' })}
          >
            <p className="mb-1 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
              <span className="font-mono text-foreground">{turn.turnId}</span>
              <span>
                {t('sessions.waterfall.split', {
                  model: formatDuration(turn.split.modelMs),
                  tools: formatDuration(turn.split.toolsMs),
                  waiting: formatDuration(turn.split.waitingMs),
                })}
              </span>
            </p>
            <ul className="flex flex-col gap-1">
              {turn.rows.map((row) => {
                const first = row.bars[0]
                const hasWait = row.bars.some((bar) => bar.kind === 'wait')
                return (
                  <li key={row.key} className="grid grid-cols-[11rem_minmax(0,1fr)] items-start gap-2">
                    <span
                      className={cn(
                        'truncate text-xs leading-6',
                        first?.kind === 'turn' ? 'font-medium' : 'font-mono',
                        first?.depth === 1 && 'pl-3',
                        first?.depth === 2 && 'pl-6',
                      )}
                    >
                      {first ? kindLabel(first.kind) : ''} {first?.kind === 'turn' ? '' : first?.name}
                    </span>
                    <div className="flex flex-col">
                      {row.bars.map((bar) => {
                        const position = positionOf.get(bar.key) ?? 0
                        const left = axis.x(bar.start) - pan
                        const width = Math.max(4, axis.x(bar.end) - axis.x(bar.start))
                        // A short bar is centred in its target, which never starts before the track.
                        const centred = left - Math.max(0, TARGET_PX - width) / 2
                        const targetLeft = left >= 0 ? Math.max(0, centred) : centred
                        const isSelected = bar.entryKey === selectedKey && bar.kind !== 'wait'
                        const from = first?.start ?? bar.start
                        const label = fullLabel(bar, from)
                        return (
                          // Its own lane: no other bar's target or paint overlaps this one, and
                          // the focus ring, drawn inside the target, is never clipped.
                          <div key={bar.key} className="relative h-6 overflow-hidden">
                            <button
                              type="button"
                              ref={(element) => {
                                if (element) bars.current.set(position, element)
                                else bars.current.delete(position)
                              }}
                              tabIndex={position === active ? 0 : -1}
                              // The name comes from the tooltip, so nothing reads it twice as
                              // name and description.
                              title={label}
                              aria-current={isSelected ? 'true' : undefined}
                              onFocus={() => setActive(position)}
                              onClick={() => open(bar)}
                              onKeyDown={(event) => {
                                if (event.key === 'Enter') {
                                  event.preventDefault()
                                  open(bar)
                                }
                              }}
                              className="absolute inset-y-0 rounded-sm focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
                              style={{ left: targetLeft, width: Math.max(TARGET_PX, width) }}
                            >
                              <span
                                aria-hidden="true"
                                data-bar=""
                                className={cn(
                                  'absolute rounded-sm',
                                  bar.kind === 'tool' && hasWait ? TOOL_ABOVE_WAIT : BAR_STYLE[bar.kind],
                                  bar.isOpen && 'opacity-70',
                                  isSelected && 'ring-2 ring-ring ring-offset-1 ring-offset-card',
                                )}
                                style={{ left: left - targetLeft, width }}
                              />
                            </button>
                            {(bar.marks ?? []).map((mark, markIndex) => {
                              const markLeft = axis.x(mark.at) - pan
                              return (
                                <span
                                  key={`${mark.kind}:${mark.inputId ?? markIndex}`}
                                  role="img"
                                  // No tooltip: the bar under it is what the pointer presses, and
                                  // its tooltip names the marks.
                                  aria-label={markLabel(mark, from)}
                                  data-mark={mark.kind}
                                  className={cn(
                                    'pointer-events-none absolute',
                                    mark.kind === 'input'
                                      ? INPUT_TICK
                                      : mark.kind === 'result'
                                        ? RESULT_TICK
                                        : mark.until !== null
                                          ? CLAIM_RANGE
                                          : CLAIM_TICK,
                                  )}
                                  style={
                                    mark.until !== null
                                      ? {
                                          left: markLeft,
                                          width: Math.max(6, axis.x(mark.until) - axis.x(mark.at)),
                                        }
                                      : { left: markLeft }
                                  }
                                />
                              )
                            })}
                          </div>
                        )
                      })}
                    </div>
                  </li>
                )
              })}
            </ul>
          </section>
        ))}
        {placed ? <CheckpointRow placed={placed} pan={pan} origin={origin} /> : null}
        <div aria-hidden="true" className="grid grid-cols-[11rem_minmax(0,1fr)] gap-2">
          <span />
          <div className="relative h-5 overflow-hidden border-t border-border" data-testid="waterfall-axis">
            {ticks.map((tick) => (
              <span
                key={tick.offsetMs}
                className="absolute top-0 border-l border-border pl-0.5 text-[10px] leading-4 whitespace-nowrap text-muted-foreground"
                style={{ left: tick.x - pan }}
              >
                {formatOffset(tick.offsetMs)}
              </span>
            ))}
            {axis.segments
              .filter((segment) => segment.isGap)
              .map((segment) => (
                <span
                  key={segment.start}
                  className="absolute top-0 text-[10px] text-muted-foreground"
                  style={{ left: segment.x - pan, width: segment.width }}
                >
                  ⋯
                </span>
              ))}
          </div>
        </div>
      </div>
      {lanes}
    </div>
  )
}

/**
 * The session's checkpoints on the waterfall's axis, each a link to it on the checkpoints tab
 * (where it can be restored or forked). Checkpoints of turns not drawn are counted beside the row.
 */
function CheckpointRow({
  placed,
  pan,
  origin,
}: {
  placed: { marks: CheckpointMark<Checkpoint>[]; outside: number }
  pan: number
  origin: number
}) {
  const { t } = useT('sessions', 'sessions:checkpoints')
  return (
    <div
      className="grid grid-cols-[11rem_minmax(0,1fr)] items-start gap-2"
      data-testid="waterfall-checkpoints"
    >
      <span className="text-xs leading-6 font-medium">
        {t('sessions.checkpoints.waterfall.row')}
        {placed.outside > 0 ? (
          <span className="block leading-4 font-normal text-muted-foreground">
            {t('sessions.checkpoints.waterfall.outside', { count: placed.outside })}
          </span>
        ) : null}
      </span>
      <ul aria-label={t('sessions.checkpoints.waterfall.label')} className="relative h-6 overflow-hidden">
        {placed.marks.map(({ checkpoint, at, x }) => {
          const label = t('sessions.checkpoints.waterfall.mark', {
            id: checkpoint.id,
            what: checkpointLabel(checkpoint, t),
            offset: formatOffset(at - origin),
          })
          const params = new URLSearchParams({ tab: 'checkpoints', checkpoint: checkpoint.id })
          const tickAt = x - pan - Math.max(0, x - pan - TARGET_PX / 2)
          return (
            // Centred on its moment, its target never starts before the track (as a bar's).
            <li
              key={checkpoint.id}
              className="absolute inset-y-0"
              style={{ left: Math.max(0, x - pan - TARGET_PX / 2) }}
            >
              <Link
                to={`?${params.toString()}`}
                aria-label={label}
                title={`${label}. ${t('sessions.checkpoints.waterfall.open')}`}
                data-checkpoint={checkpoint.id}
                className="relative block h-6 rounded-sm focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
                style={{ width: TARGET_PX }}
              >
                <span
                  aria-hidden="true"
                  className={cn('absolute', CHECKPOINT_TICK)}
                  style={{ left: tickAt }}
                />
                <span
                  aria-hidden="true"
                  className="absolute top-3 bottom-0 w-px -translate-x-1/2 bg-foreground"
                  style={{ left: tickAt }}
                />
              </Link>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/**
 * The children the session's log names, each a lane of its own nested under the parent's bars:
 * its waterfall, read through the child routes with the child's own cursors (and its children's
 * lanes inside it). A running child is followed live; a settled one is read once.
 */
function SubagentLanes({
  rootId,
  chain,
  subagents,
}: {
  rootId: string
  chain: readonly string[]
  subagents: readonly LoggedSubagent[]
}) {
  const { t } = useT('sessions', 'sessions:inspector')
  return (
    <section
      aria-label={t('sessions.subagents.lanes.label', { session: chain.at(-1) ?? rootId })}
      className="flex flex-col gap-2 border-l-2 border-border pl-3"
    >
      <h3 className="text-xs font-semibold">{t('sessions.subagents.lanes.title')}</h3>
      {subagents.map((child) => (
        <SubagentLane key={child.childId} rootId={rootId} chain={[...chain, child.childId]} child={child} />
      ))}
    </section>
  )
}

type LaneProps = { rootId: string; chain: readonly string[]; child: LoggedSubagent }

/**
 * A lane draws again only when its own log or its child's line in the parent's log changes: the
 * parent's page redraws on each of its own reads, and fifty lanes redrawn with it each time would
 * be most of the work of opening a large tree. The props are new objects on every parent draw, so
 * they are compared by value.
 */
const sameLane = (a: LaneProps, b: LaneProps) =>
  a.rootId === b.rootId &&
  a.chain.length === b.chain.length &&
  a.chain.every((id, index) => id === b.chain[index]) &&
  a.child.childId === b.child.childId &&
  a.child.taskId === b.child.taskId &&
  a.child.status === b.child.status &&
  a.child.turnId === b.child.turnId &&
  a.child.startedAt === b.child.startedAt &&
  a.child.updatedAt === b.child.updatedAt

const SubagentLane = memo(function SubagentLane({ rootId, chain, child }: LaneProps) {
  const { t } = useT('sessions', 'sessions:inspector')
  const isLive = !isSettledSubagent(child.status)
  const route = useMemo(() => ({ sessionId: rootId, childId: child.childId }), [rootId, child.childId])
  // A lane draws from the log alone: no snapshot is read for it (the sub-agent's page reads one).
  // Its first page is a small one (LANE_FIRST_PAGE) and the rest wait until the page is idle, so
  // every lane has its first rows before any reads its whole log; it says it is still reading
  // until all is in.
  const log = useSessionEventLog(route, {
    follow: isLive,
    prefetchSnapshot: false,
    firstPage: LANE_FIRST_PAGE,
    deferRest: true,
  })
  const session = useMemo(
    () =>
      childSessionOf(
        child.childId,
        {
          childId: child.childId,
          taskId: child.taskId,
          status: child.status,
          turnId: child.turnId,
          runId: null,
          updatedAt: child.updatedAt,
        },
        child.startedAt,
      ),
    [child],
  )
  return (
    <section
      aria-label={t('sessions.subagents.lanes.lane', { child: child.taskId ?? child.childId })}
      data-testid="subagent-lane"
      data-child={child.childId}
      className="flex flex-col gap-1 [contain-intrinsic-size:auto_12rem] [content-visibility:auto]"
    >
      <p className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-medium">
          <VisibleText text={child.taskId ?? child.childId} />
        </span>
        <span className="font-mono text-muted-foreground">{child.childId}</span>
        <StatusBadge status={child.status} />
        {log.phase === 'history' ? (
          <span className="text-muted-foreground">{t('sessions.subagents.lanes.reading')}</span>
        ) : null}
        {isLive && log.liveStatus === 'live' ? (
          <span className="text-muted-foreground">{t('sessions.subagents.lanes.live')}</span>
        ) : null}
        <Link
          className="text-primary hover:underline"
          to={subagentPath(rootId, chain)}
          aria-label={t('sessions.subagents.open', { child: child.taskId ?? child.childId })}
        >
          {t('sessions.subagents.lanes.open')}
        </Link>
      </p>
      {log.phase === 'failed' ? (
        <Notice tone="danger">{t('sessions.subagents.lanes.failed')}</Notice>
      ) : (
        <WaterfallTab session={session} log={log} route={route} chain={chain} isNested />
      )}
    </section>
  )
}, sameLane)
