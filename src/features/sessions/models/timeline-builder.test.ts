import { describe, expect, it } from 'vitest'
import { EMPTY_FILTER, parseEventFilter } from './event-filter'
import type { PublicEvent } from './event-store'
import { TimelineBuilder, toolGroupKey, turnGroupKey } from './timeline-builder'

let seq = 0
function event(type: string, data: Record<string, unknown> = {}): PublicEvent {
  seq += 1
  return {
    schema_version: 1,
    id: `evt_${seq}`,
    type,
    session_id: 's1',
    created_at: seq * 10,
    cursor: `c${seq}`,
    data,
  }
}

function turnEvents(turnId: string, toolCallId: string, isError = false): PublicEvent[] {
  const tool = { turn_id: turnId, tool_call_id: toolCallId, name: 'write_file' }
  return [
    event('turn.accepted', { turn_id: turnId }),
    event('item.completed', {
      turn_id: turnId,
      item: { role: 'user', content: [{ type: 'text', text: `hello ${turnId}` }] },
    }),
    event('tool.requested', { ...tool, status: 'requested' }),
    event('tool.dispatched', { ...tool, status: 'dispatched' }),
    event('tool.completed', { ...tool, status: isError ? 'failed' : 'completed' }),
    event(isError ? 'turn.failed' : 'turn.completed', { turn_id: turnId }),
  ]
}

describe('TimelineBuilder', () => {
  it('groups events under a header per turn and per tool call, in order', () => {
    const events = [event('session.status_idle'), ...turnEvents('t1', 'x1'), ...turnEvents('t2', 'x2', true)]
    const builder = new TimelineBuilder(EMPTY_FILTER, new Set())
    builder.sync(events)
    const shape = builder.rows.map((row) =>
      row.kind === 'event' ? events[row.index]?.type : `[${row.kind} ${row.groupKey}]`,
    )
    expect(shape.slice(0, 9)).toEqual([
      '[turn turn:session]',
      'session.status_idle',
      '[turn turn:t1]',
      'turn.accepted',
      'item.completed',
      '[tool tool:t1:x1]',
      'tool.requested',
      'tool.dispatched',
      'tool.completed',
    ])
    expect(builder.turns.get('t1')).toMatchObject({ status: 'completed', message: 'hello t1', eventCount: 6 })
    expect(builder.turns.get('t2')).toMatchObject({ status: 'failed', errorCount: 2 })
    expect(builder.tools.get('t2:x2')).toMatchObject({ name: 'write_file', status: 'failed', isError: true })
    expect(builder.errorRows.map((row) => builder.rows[row]?.key)).toHaveLength(2)
  })

  it('appends only what is new and rebuilds for a replaced log', () => {
    const events = turnEvents('t1', 'x1')
    const builder = new TimelineBuilder(EMPTY_FILTER, new Set())
    const first = builder.sync(events.slice(0, 3))
    expect(builder.sync(events)).toBe(first + 3)
    expect(builder.canExtend(events)).toBe(true)
    const replaced = turnEvents('t9', 'x9')
    expect(builder.canExtend(replaced)).toBe(false)
    builder.sync(replaced)
    expect([...builder.turns.keys()]).toEqual(['t9'])
    expect(builder.rows.filter((row) => row.kind === 'event')).toHaveLength(replaced.length)
  })

  it('filters events and collapses turns and tool calls', () => {
    const events = [...turnEvents('t1', 'x1'), ...turnEvents('t2', 'x2')]
    const onlyTools = new TimelineBuilder(parseEventFilter(new URLSearchParams('cat=tool')), new Set())
    onlyTools.sync(events)
    expect(onlyTools.rows.filter((row) => row.kind === 'event')).toHaveLength(6)
    expect(onlyTools.matchCount).toBe(6)
    const collapsed = new TimelineBuilder(EMPTY_FILTER, new Set([turnGroupKey('t1'), toolGroupKey('t2:x2')]))
    collapsed.sync(events)
    const visible = collapsed.rows.filter((row) => row.kind === 'event').map((row) => row.turnId)
    expect(visible.filter((turn) => turn === 't1')).toHaveLength(0)
    expect(visible.filter((turn) => turn === 't2')).toHaveLength(3)
    // Summaries and the match count still count hidden events.
    expect(collapsed.turns.get('t1')?.eventCount).toBe(6)
    expect(collapsed.matchCount).toBe(12)
  })

  // How fast this is in the browser is `session_100k_filter_ms` in `npm run bench`; here, that a
  // filtered log of 100,000 events keeps every match and nothing else.
  it('filters 100,000 events to exactly the matches, each once', () => {
    const events: PublicEvent[] = []
    for (let turn = 0; events.length < 100_000; turn += 1) events.push(...turnEvents(`t${turn}`, `x${turn}`))
    const builder = new TimelineBuilder(parseEventFilter(new URLSearchParams('q=write_file')), new Set())
    builder.sync(events)
    const shown = builder.rows.flatMap((row) => (row.kind === 'event' ? [events[row.index]!] : []))
    const matching = events.filter((candidate) => candidate.type.startsWith('tool.'))
    expect(shown.length).toBe(matching.length)
    expect(new Set(shown.map((shownEvent) => shownEvent.id)).size).toBe(matching.length)
    expect(shown.every((shownEvent) => shownEvent.type.startsWith('tool.'))).toBe(true)
  })
})
