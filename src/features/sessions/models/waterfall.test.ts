import { describe, expect, it } from 'vitest'
import { at, selfHostedCall } from '@/testing/session-events'
import type { ClaimContext } from './join-tool-claims'
import { TranscriptBuilder } from './transcript-builder'
import {
  axisTicks,
  buildTimeAxis,
  buildWaterfallTurn,
  formatOffset,
  placeCheckpoints,
  unionLength,
} from './waterfall'

const claims = (workItems: { id: string; createdAt: number; claimedBy: string }[] = []) => ({
  sessionId: 's1',
  isSelfHosted: workItems.length > 0,
  workItems: workItems.map((item) => ({
    ...item,
    sessionId: 's1',
    environmentId: 'e1',
    status: 'active',
    updatedAt: item.createdAt,
    metadata: {},
  })) as never,
})

function turnOf(events: ReturnType<typeof at>[]) {
  const builder = new TranscriptBuilder()
  builder.sync(events)
  const turn = builder.turns.get('t1')
  if (!turn) throw new Error('no turn')
  return turn
}

describe('waterfall', () => {
  it('marks the run that applied steering, at the moment input.applied was logged', () => {
    const builder = new TranscriptBuilder()
    builder.sync([
      at('turn.accepted', 900, { turn_id: 't1' }),
      at('run.started', 950, { turn_id: 't1', run_id: 'r1' }),
      at('input.accepted', 1000, { turn_id: 't1', input_id: 'in_1', kind: 'steer', status: 'accepted' }),
      at('input.applied', 1200, {
        turn_id: 't1',
        run_id: 'r1',
        input_id: 'in_1',
        kind: 'steer',
        status: 'applied',
      }),
      at('run.ended', 2000, { turn_id: 't1', run_id: 'r1', status: 'completed' }),
    ])
    const turn = builder.turns.get('t1')
    if (!turn) throw new Error('no turn')
    const [, run] = buildWaterfallTurn(turn, claims(), 9999).rows
    expect(run?.bars[0]?.marks).toEqual([
      expect.objectContaining({ kind: 'input', at: 1200, inputId: 'in_1', inputKind: 'steer' }),
    ])
  })

  it('draws the turn, its runs, each call and the wait for the worker, and splits the turn’s time', () => {
    const turn = turnOf([
      at('turn.accepted', 900, { turn_id: 't1' }),
      at('run.started', 950, { turn_id: 't1', run_id: 'r1' }),
      ...selfHostedCall('t1', 'toolu_1', 1000),
      at('run.ended', 5500, { turn_id: 't1', run_id: 'r2', status: 'completed' }),
      at('turn.completed', 5600, { turn_id: 't1', status: 'completed' }),
    ])
    const waterfall = buildWaterfallTurn(
      turn,
      claims([{ id: 'w1', createdAt: 1030, claimedBy: 'worker-a' }]),
      9999,
    )
    expect(waterfall.rows.map((row) => row.bars.map((bar) => bar.kind))).toEqual([
      ['turn'],
      ['run'],
      ['run'],
      ['tool', 'wait'],
    ])
    const [tool, wait] = waterfall.rows[3]?.bars ?? []
    expect(tool).toMatchObject({
      start: 1000,
      end: 5100,
      name: 'write_file',
      workerId: 'worker-a',
      entryKey: 'tool:t1:toolu_1',
    })
    expect(wait).toMatchObject({ start: 1020, end: 5200, status: 'resumed' })
    // Runs: 950–1025 and 5300–5500; the call ran 1000–1020 before the turn suspended.
    expect(waterfall.split).toEqual({ modelMs: 75 + 200 - 20, toolsMs: 20, waitingMs: 4180 })
  })

  it('marks the claim and the result on a self-hosted wait, at their times', () => {
    const events = [
      at('turn.accepted', 900, { turn_id: 't1' }),
      at('run.started', 950, { turn_id: 't1', run_id: 'r1' }),
      ...selfHostedCall('t1', 'toolu_1', 1000),
    ]
    const item = { id: 'w1', createdAt: 1030, claimedBy: 'worker-a' }
    // Where the server records when the claim was made, the mark sits there.
    const recorded: ClaimContext = {
      sessionId: 's1',
      isSelfHosted: true,
      workItems: [
        {
          ...item,
          sessionId: 's1',
          environmentId: 'e1',
          ownerId: 'u',
          status: 'stopped',
          workDir: null,
          updatedAt: 5100,
          metadata: { claimedAt: 2000 },
        },
      ],
    }
    const wait = buildWaterfallTurn(turnOf(events), recorded, 9999).rows[3]?.bars[1]
    expect(wait?.kind).toBe('wait')
    expect(wait?.marks).toEqual([
      { kind: 'claimed', at: 2000, until: null, workerId: 'worker-a' },
      { kind: 'result', at: 5100, until: null, workerId: 'worker-a' },
    ])
    // Otherwise it is only known to fall between the work being queued and the result.
    const unrecorded = buildWaterfallTurn(turnOf(events), claims([item]), 9999).rows[3]?.bars[1]
    expect(unrecorded?.marks?.[0]).toEqual({ kind: 'claimed', at: 1030, until: 5100, workerId: 'worker-a' })
    // Work queued before the call waited (the session's claim from earlier): from the wait's start.
    const earlier = buildWaterfallTurn(turnOf(events), claims([{ ...item, createdAt: 940 }]), 9999).rows[3]
      ?.bars[1]
    expect(earlier?.marks?.[0]).toMatchObject({ at: 1020, until: 5100 })
  })

  it('names the worker that served a later turn by session from its earlier item, as the tool card does', () => {
    const events = [
      at('turn.accepted', 99_900, { turn_id: 't1' }),
      at('run.started', 99_950, { turn_id: 't1', run_id: 'r1' }),
      ...selfHostedCall('t1', 'toolu_1', 100_000),
    ]
    const base = {
      sessionId: 's1',
      environmentId: 'e1',
      ownerId: 'u',
      status: 'stopped',
      metadata: {},
    } as const
    const context: ClaimContext = {
      sessionId: 's1',
      isSelfHosted: true,
      turnStartedAt: new Map([['t1', 99_900]]),
      workItems: [
        // The worker's item from the first turn, heartbeated on after the server stopped it.
        { ...base, id: 'w1', createdAt: 1030, claimedBy: 'worker-a', workDir: '/w', updatedAt: 110_000 },
        // This turn's own item: never claimed.
        { ...base, id: 'w2', createdAt: 100_030, claimedBy: null, workDir: null, updatedAt: 104_200 },
      ],
    }
    const [tool, wait] = buildWaterfallTurn(turnOf(events), context, 200_000).rows[3]?.bars ?? []
    expect(tool?.workerId).toBe('worker-a')
    expect(wait?.marks).toEqual([
      { kind: 'claimed', at: 100_020, until: 104_100, workerId: 'worker-a' },
      { kind: 'result', at: 104_100, until: null, workerId: 'worker-a' },
    ])
  })

  it('marks nothing on a wait no worker has claimed yet', () => {
    const events = [
      at('turn.accepted', 900, { turn_id: 't1' }),
      ...selfHostedCall('t1', 'toolu_1', 1000).slice(0, 4),
    ]
    const wait = buildWaterfallTurn(
      turnOf(events),
      { ...claims([{ id: 'w1', createdAt: 1030, claimedBy: 'worker-a' }]), workItems: [] },
      3000,
    ).rows.at(-1)?.bars[1]
    expect(wait).toMatchObject({ kind: 'wait', isOpen: true, marks: [] })
  })

  it('keeps an unfinished turn open up to the newest time', () => {
    const turn = turnOf([
      at('turn.accepted', 100, { turn_id: 't1' }),
      at('run.started', 110, { turn_id: 't1', run_id: 'r1' }),
      at('tool.requested', 120, { turn_id: 't1', tool_call_id: 'c1', name: 'execute' }),
    ])
    const waterfall = buildWaterfallTurn(turn, claims(), 700)
    expect(waterfall.rows[0]?.bars[0]).toMatchObject({ end: 700, isOpen: true })
    expect(waterfall.rows[2]?.bars[0]).toMatchObject({ start: 120, end: 700, isOpen: true })
  })

  it('measures overlapping spans once', () => {
    expect(
      unionLength([
        [0, 10],
        [5, 15],
        [20, 25],
      ]),
    ).toBe(20)
  })

  it('squeezes idle gaps so busy stretches stay readable', () => {
    const axis = buildTimeAxis(
      [
        [0, 1000],
        [3_600_000, 3_601_000],
      ],
      { pxPerMs: 0.1, maxGapMs: 30_000, gapPx: 24 },
    )
    expect(axis.segments.map((segment) => segment.isGap)).toEqual([false, true, false])
    expect(axis.width).toBe(100 + 24 + 100)
    expect(axis.x(500)).toBe(50)
    expect(axis.x(3_600_500)).toBe(174)
  })
})

describe('formatOffset', () => {
  it('tells sub-second offsets apart, and says minutes with their seconds', () => {
    expect(formatOffset(300)).toBe('0.3 s')
    expect(formatOffset(400)).toBe('0.4 s')
    expect(formatOffset(12_400)).toBe('12 s')
    expect(formatOffset(185_000)).toBe('3 min 5 s')
  })
})

describe('axisTicks', () => {
  it('puts round offsets on the stretches drawn to scale, none in a squeezed gap, at least the spacing apart', () => {
    // 0–2 s at 100 px/s, then an hour squeezed into 40 px, then 2 s more.
    const axis = buildTimeAxis(
      [
        [1_000, 3_000],
        [3_603_000, 3_605_000],
      ],
      { pxPerMs: 0.1, maxGapMs: 30_000, gapPx: 40 },
    )
    // The tick at the second stretch's start would sit 40 px after the last one: the next one stands.
    const ticks = axisTicks(axis, 1_000, 80)
    expect(ticks.map((tick) => tick.offsetMs)).toEqual([0, 1_000, 2_000, 3_603_000, 3_604_000])
    for (const [index, tick] of ticks.entries())
      if (index > 0) expect(tick.x - ticks[index - 1]!.x).toBeGreaterThanOrEqual(80)
  })
})

describe('placeCheckpoints', () => {
  // 1 px per ms from 1,000; the idle stretch 2,000–100,000 is squeezed into 28 px.
  const axis = buildTimeAxis(
    [
      [1_000, 2_000],
      [100_000, 101_000],
    ],
    { pxPerMs: 1, maxGapMs: 30_000, gapPx: 28 },
  )
  const at = (id: string, createdAt: number, turnId: string | null = null) => ({ id, createdAt, turnId })
  const drawn = { turnIds: new Set(['turn_a']), from: 1_000, to: 101_000 }

  it('puts each checkpoint at its time on the axis, across a squeezed gap too', () => {
    const { marks, outside } = placeCheckpoints([at('b', 100_500), at('a', 1_500)], axis, drawn, 24)
    expect(marks.map((mark) => [mark.checkpoint.id, mark.x])).toEqual([
      ['a', 500],
      ['b', 1_000 + 28 + 500],
    ])
    expect(outside).toBe(0)
  })

  it('gives checkpoints a moment apart a target each, in time order', () => {
    const { marks } = placeCheckpoints(
      [at('restore', 1_505), at('run', 1_500), at('cancel', 1_510)],
      axis,
      drawn,
      24,
    )
    expect(marks.map((mark) => [mark.checkpoint.id, mark.x])).toEqual([
      ['run', 500],
      ['restore', 524],
      ['cancel', 548],
    ])
  })

  it('counts the checkpoints of turns not drawn instead of piling them at an edge', () => {
    const { marks, outside } = placeCheckpoints(
      [at('old', 10, 'turn_old'), at('shown', 1_200), at('later', 200_000)],
      axis,
      drawn,
      24,
    )
    expect(marks.map((mark) => mark.checkpoint.id)).toEqual(['shown'])
    expect(outside).toBe(2)
  })

  it('keeps a run’s checkpoint committed just after its turn’s last event, at the axis’s end', () => {
    const { marks, outside } = placeCheckpoints([at('run', 101_010, 'turn_a')], axis, drawn, 24)
    expect(marks.map((mark) => [mark.checkpoint.id, mark.x])).toEqual([['run', axis.width]])
    expect(outside).toBe(0)
  })
})
