import type { ClaimContext } from './join-tool-claims'
import { findToolWorker } from './join-tool-claims'
import type { TranscriptTurn } from './transcript-builder'
import { t } from '@/i18n'
import { readNumber } from '@/lib/read-fields'

export type WaterfallBarKind = 'turn' | 'run' | 'tool' | 'wait'

export type WaterfallBar = {
  key: string
  kind: WaterfallBarKind
  /** Nesting: turn 0, run 1, tool 2 (a wait sits on its tool's row). */
  depth: number
  start: number
  end: number
  /** Still going: the bar ends at the newest time the log knows. */
  isOpen: boolean
  name: string
  status: string | null
  /** The transcript entry the bar stands for, and the event log entry. */
  entryKey: string
  eventId: string
  /** Self-hosted calls: the worker that claimed the work. */
  workerId: string | null
  /** A wait's moments: claimed by the worker, result posted (its end is the turn resuming). */
  marks?: WaterfallMark[]
}

/**
 * A moment on a self-hosted call's wait: the worker claimed the work, or posted the result. The
 * server records no claim time on a work item unless its `metadata.claimedAt` says so; without
 * it the claim is known only to fall between the work being queued and the result (`until`).
 */
export type WaterfallMark = {
  /** `input`: steering or injected context the run applied (`inputId` names it). */
  kind: 'claimed' | 'result' | 'input'
  at: number
  /** The latest time it can have happened, when only a range is known. */
  until: number | null
  workerId: string | null
  inputId?: string
  inputKind?: string | null
}

export type WaterfallRow = { key: string; bars: WaterfallBar[] }

/** Where a turn's time went: model (runs outside tool calls), tools, and waiting for a worker. */
export type TimeSplit = { modelMs: number; toolsMs: number; waitingMs: number }

export type WaterfallTurn = {
  turnId: string | null
  rows: WaterfallRow[]
  split: TimeSplit
  start: number
  end: number
}

type Interval = [number, number]

/** Total length of the union of intervals (overlaps counted once). */
export function unionLength(intervals: readonly Interval[]): number {
  const sorted = intervals.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0])
  let total = 0
  let current: Interval | null = null
  for (const [a, b] of sorted) {
    if (!current || a > current[1]) {
      if (current) total += current[1] - current[0]
      current = [a, b]
    } else current[1] = Math.max(current[1], b)
  }
  if (current) total += current[1] - current[0]
  return total
}

/**
 * Bars of a turn on a time axis: the turn, its runs, each tool call and, for a self-hosted call,
 * the wait from the turn suspending until it resumed with the worker's result. `now` closes what
 * is still open (the newest time in the log, so a replayed log draws the same).
 */
export function buildWaterfallTurn(turn: TranscriptTurn, claims: ClaimContext, now: number): WaterfallTurn {
  const end = turn.endedAt ?? Math.max(turn.lastAt, now)
  const turnKey = `turn:${turn.turnId ?? 'session'}`
  const rows: WaterfallRow[] = [
    {
      key: turnKey,
      bars: [
        {
          key: turnKey,
          kind: 'turn',
          depth: 0,
          start: turn.firstAt,
          end,
          isOpen: turn.endedAt === null,
          name: turn.turnId ?? '',
          status: turn.status,
          entryKey: turnKey,
          eventId: turn.firstEventId,
          workerId: null,
        },
      ],
    },
  ]
  const runIntervals: Interval[] = []
  for (const run of turn.runs) {
    const runEnd = run.endedAt ?? end
    runIntervals.push([run.startedAt, runEnd])
    rows.push({
      key: `run:${run.runId}`,
      bars: [
        {
          key: `run:${run.runId}`,
          kind: 'run',
          depth: 1,
          start: run.startedAt,
          end: runEnd,
          isOpen: run.endedAt === null,
          name: run.runId,
          status: run.status,
          entryKey: turnKey,
          eventId: turn.firstEventId,
          workerId: null,
          ...(run.appliedInputs.length > 0
            ? {
                marks: run.appliedInputs.map((input) => ({
                  kind: 'input' as const,
                  at: input.at,
                  until: null,
                  workerId: null,
                  inputId: input.inputId,
                  inputKind: input.kind,
                })),
              }
            : {}),
        },
      ],
    })
  }
  const toolIntervals: Interval[] = []
  const waitIntervals: Interval[] = []
  for (const record of turn.tools) {
    const start = record.requestedAt ?? record.dispatchedAt ?? turn.firstAt
    const toolEnd = record.completedAt ?? end
    const entryKey = `tool:${record.key}`
    // The worker that ran it: the claim of its own item, or of the earlier item it served it from.
    const found = claims.isSelfHosted ? findToolWorker(record, claims) : null
    const item = found?.servedFrom ?? found?.item ?? null
    const bars: WaterfallBar[] = [
      {
        key: entryKey,
        kind: 'tool',
        depth: 2,
        start,
        end: toolEnd,
        isOpen: record.completedAt === null,
        name: record.name,
        status: record.status,
        entryKey,
        eventId: record.firstEventId,
        workerId: item?.claimedBy ?? null,
      },
    ]
    if (record.suspendedAt !== null) {
      const waitEnd = record.resumedAt ?? record.completedAt ?? end
      waitIntervals.push([record.suspendedAt, waitEnd])
      const marks: WaterfallMark[] = []
      if (item?.claimedBy) {
        // A claim made before this wait began (the session's claim, kept for an earlier call)
        // is drawn at the wait's start: the mark says the worker held it from then on.
        const claimedAt = readNumber(item.metadata.claimedAt)
        const earliest = Math.max(claimedAt ?? item.createdAt, record.suspendedAt)
        const latest = Math.max(earliest, record.completedAt ?? Math.min(item.updatedAt, waitEnd))
        marks.push({
          kind: 'claimed',
          at: earliest,
          until: claimedAt === null ? latest : null,
          workerId: item.claimedBy,
        })
      }
      if (record.completedAt !== null)
        marks.push({ kind: 'result', at: record.completedAt, until: null, workerId: item?.claimedBy ?? null })
      toolIntervals.push([start, record.suspendedAt])
      bars.push({
        key: `wait:${record.key}`,
        kind: 'wait',
        depth: 2,
        start: record.suspendedAt,
        end: waitEnd,
        isOpen: record.resumedAt === null && record.completedAt === null,
        name: record.name,
        status: record.resumedAt !== null ? 'resumed' : record.completedAt !== null ? 'completed' : 'waiting',
        entryKey,
        eventId: record.firstEventId,
        workerId: item?.claimedBy ?? null,
        marks,
      })
    } else {
      toolIntervals.push([start, toolEnd])
    }
    rows.push({ key: entryKey, bars })
  }
  const toolsMs = unionLength(toolIntervals)
  const waitingMs = unionLength(waitIntervals)
  // Model time: what the runs spent outside tool calls (a run ends when the turn suspends).
  const modelMs = Math.max(0, unionLength(runIntervals) - unionLength(clip(toolIntervals, runIntervals)))
  return { turnId: turn.turnId, rows, split: { modelMs, toolsMs, waitingMs }, start: turn.firstAt, end }
}

/** The parts of `intervals` that fall inside any of `within`. */
function clip(intervals: readonly Interval[], within: readonly Interval[]): Interval[] {
  const out: Interval[] = []
  for (const [a, b] of intervals) {
    for (const [c, d] of within) {
      const start = Math.max(a, c)
      const end = Math.min(b, d)
      if (end > start) out.push([start, end])
    }
  }
  return out
}

export type AxisSegment = { start: number; end: number; x: number; width: number; isGap: boolean }

/**
 * A time axis that draws busy stretches to scale and squeezes idle gaps longer than `maxGapMs`
 * into `gapPx`, so a turn that waited an hour for a worker does not flatten everything else.
 */
export function buildTimeAxis(
  intervals: readonly Interval[],
  options: { pxPerMs: number; maxGapMs: number; gapPx: number },
): { segments: AxisSegment[]; width: number; x: (time: number) => number } {
  const sorted = intervals.filter(([a, b]) => b >= a).sort((p, q) => p[0] - q[0])
  const merged: Interval[] = []
  for (const [a, b] of sorted) {
    const last = merged.at(-1)
    if (last && a - last[1] <= options.maxGapMs) last[1] = Math.max(last[1], b)
    else merged.push([a, b])
  }
  const segments: AxisSegment[] = []
  let x = 0
  merged.forEach(([a, b], index) => {
    if (index > 0) {
      const previous = merged[index - 1]
      if (previous) {
        segments.push({ start: previous[1], end: a, x, width: options.gapPx, isGap: true })
        x += options.gapPx
      }
    }
    const width = Math.max(2, (b - a) * options.pxPerMs)
    segments.push({ start: a, end: b, x, width, isGap: false })
    x += width
  })
  const position = (time: number): number => {
    for (const segment of segments) {
      if (time <= segment.end) {
        if (time <= segment.start) return segment.x
        const span = segment.end - segment.start
        return segment.x + (span === 0 ? 0 : ((time - segment.start) / span) * segment.width)
      }
    }
    return x
  }
  return { segments, width: x, x: position }
}

/**
 * A time counted from a start, precise enough for a turn that lasts a second: "0.4 s", "12 s",
 * "3 min 5 s". (formatDuration rounds to whole seconds, so a claim 300 ms after a request and
 * one 400 ms after it both read "0 s".)
 */
export function formatOffset(ms: number): string {
  const value = Math.max(0, ms)
  if (value < 10_000) return t('sessions.waterfall.offset.seconds', { seconds: Math.round(value / 100) / 10 })
  if (value < 60_000) return t('sessions.waterfall.offset.seconds', { seconds: Math.round(value / 1000) })
  const seconds = Math.round(value / 1000)
  return t('sessions.waterfall.offset.minutes', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 })
}

/** Tick steps an axis label may stand for: round numbers of milliseconds, seconds and minutes. */
const TICK_STEPS_MS = [
  100, 200, 500, 1_000, 2_000, 5_000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000,
  3_600_000,
]

export type AxisTick = { x: number; offsetMs: number }

/**
 * Labels for the time axis: in each stretch drawn to scale, round offsets from `origin` at least
 * `minSpacingPx` apart (squeezed gaps get none: their length is not to scale).
 */
export function axisTicks(
  axis: { segments: readonly AxisSegment[] },
  origin: number,
  minSpacingPx = 80,
): AxisTick[] {
  const ticks: AxisTick[] = []
  for (const segment of axis.segments) {
    if (segment.isGap || segment.end <= segment.start) continue
    const pxPerMs = segment.width / (segment.end - segment.start)
    const step =
      TICK_STEPS_MS.find((candidate) => candidate * pxPerMs >= minSpacingPx) ?? TICK_STEPS_MS.at(-1)!
    const first = Math.ceil((segment.start - origin) / step) * step
    for (let offset = first; origin + offset <= segment.end; offset += step) {
      const x = segment.x + (origin + offset - segment.start) * pxPerMs
      const previous = ticks.at(-1)
      if (previous && x - previous.x < minSpacingPx) continue
      ticks.push({ x, offsetMs: offset })
    }
  }
  return ticks
}

/** A checkpoint on the waterfall's axis: where its mark is drawn (`x`, px from the track's start). */
export type CheckpointMark<T> = { checkpoint: T; at: number; x: number }

/**
 * The checkpoints of the turns drawn (or, without a turn, within the time drawn, `[from, to]`),
 * placed on the axis in time order. A run's checkpoint is committed a moment after its turn's
 * last event, so its turn, not its time, says whether it belongs here. Two checkpoints closer
 * than `minGapPx` on screen (a run's and a restore's a moment apart) would share one target, so
 * the later one is moved right until each has its own; the order stays the time order. The rest
 * are counted, not drawn: they belong to turns not shown.
 */
export function placeCheckpoints<T extends { createdAt: number; turnId: string | null }>(
  checkpoints: readonly T[],
  axis: { x: (time: number) => number },
  drawn: { turnIds: ReadonlySet<string>; from: number; to: number },
  minGapPx: number,
): { marks: CheckpointMark<T>[]; outside: number } {
  const within = checkpoints
    .filter((checkpoint) =>
      checkpoint.turnId !== null && drawn.turnIds.has(checkpoint.turnId)
        ? true
        : checkpoint.createdAt >= drawn.from && checkpoint.createdAt <= drawn.to,
    )
    .sort((a, b) => a.createdAt - b.createdAt)
  const marks: CheckpointMark<T>[] = []
  for (const checkpoint of within) {
    const previous = marks.at(-1)
    const x = Math.max(axis.x(checkpoint.createdAt), previous ? previous.x + minGapPx : -Infinity)
    marks.push({ checkpoint, at: checkpoint.createdAt, x })
  }
  return { marks, outside: checkpoints.length - within.length }
}
