import { describe, expect, it } from 'vitest'
import type { PublicEvent } from './event-store'
import { baselineMessages, compareLines, eventsAfterForkPoint, isForkTarget } from './fork-compare'

let seq = 0
const event = (type: string, at: number, data: Record<string, unknown>): PublicEvent => {
  seq += 1
  return {
    schema_version: 1,
    id: `evt_${seq}`,
    type,
    session_id: 'sess_a',
    created_at: at,
    cursor: `c_${seq}`,
    data,
  }
}
const message = (turnId: string, role: string, text: string, at: number) =>
  event('item.completed', at, {
    turn_id: turnId,
    item_id: `item_${seq + 1}`,
    item: {
      id: `item_${seq + 1}`,
      type: 'message',
      role,
      status: 'completed',
      content: [{ type: 'text', text }],
    },
  })

const source = [
  event('turn.accepted', 1, { turn_id: 't1', status: 'queued' }),
  message('t1', 'user', 'Hello', 1),
  message('t1', 'assistant', 'Hi there', 2),
  event('turn.completed', 3, { turn_id: 't1', status: 'completed' }),
  event('turn.accepted', 4, { turn_id: 't2', status: 'queued' }),
  message('t2', 'user', 'Second question', 4),
  message('t2', 'assistant', 'Second answer', 5),
]
const checkpoint = { id: 'cp_1', reason: null, createdAt: 3, turnId: 't1', runId: 'run_1' }

describe('fork compare', () => {
  it('keeps the source from the fork point on: later events, not those of the turn the checkpoint closed', () => {
    const after = eventsAfterForkPoint(source, checkpoint)
    expect(after.map((item) => item.data.turn_id)).toEqual(['t2', 't2', 't2'])
    const lines = compareLines(source, after)
    // Numbered as in the whole transcript, and nothing of the first turn.
    expect(lines).toContainEqual(
      expect.objectContaining({ kind: 'turn', number: 2, prompt: 'Second question' }),
    )
    expect(lines.some((line) => line.kind === 'message' && line.text === 'Hi there')).toBe(false)
    expect(lines).toContainEqual(
      expect.objectContaining({ kind: 'message', role: 'assistant', text: 'Second answer' }),
    )
    // The prompt is on the turn line, not repeated as a message.
    expect(lines.filter((line) => line.kind === 'message' && line.text === 'Second question')).toEqual([])
  })

  it('reads the conversation a fork copied into its target from session.context_initialized', () => {
    const target = [
      event('session.status_idle', 10, { status: 'idle' }),
      event('session.context_initialized', 11, {
        coverage: 'baseline_only',
        items: [
          {
            id: 'item_m1',
            role: 'user',
            type: 'message',
            status: 'completed',
            content: [{ type: 'text', text: 'Hello' }],
          },
          {
            id: 'item_m2',
            role: 'assistant',
            type: 'message',
            status: 'completed',
            content: [{ type: 'text', text: 'Hi there' }],
          },
        ],
      }),
    ]
    expect(isForkTarget(target)).toBe(true)
    expect(isForkTarget(source)).toBe(false)
    expect(baselineMessages(target)).toEqual([
      { key: 'item_m1', role: 'user', text: 'Hello' },
      { key: 'item_m2', role: 'assistant', text: 'Hi there' },
    ])
    // The baseline is shown on its own, not again among the target's lines.
    expect(
      compareLines(target).some(
        (line) => line.kind === 'event' && line.type === 'session.context_initialized',
      ),
    ).toBe(false)
  })
})
