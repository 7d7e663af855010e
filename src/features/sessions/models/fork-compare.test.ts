import { describe, expect, it } from 'vitest'
import { at, textContent, userTurn } from '@/testing/session-events'
import { baselineMessages, compareLines, eventsAfterForkPoint, isForkTarget } from './fork-compare'

const assistant = (turnId: string, text: string, time: number) =>
  at('item.completed', time, {
    turn_id: turnId,
    item_id: `a-${turnId}`,
    item: {
      id: `a-${turnId}`,
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: textContent(text),
    },
  })

const source = [
  ...userTurn('t1', 1, 'Hello'),
  assistant('t1', 'Hi there', 2),
  at('turn.completed', 3, { turn_id: 't1', status: 'completed' }),
  ...userTurn('t2', 4, 'Second question'),
  assistant('t2', 'Second answer', 5),
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
      at('session.status_idle', 10, { status: 'idle' }),
      at('session.context_initialized', 11, {
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
