import { describe, expect, it } from 'vitest'
import type { Turn } from '@/data/sessions/types'
import { evaluatePreflight, REFUSALS, type PreflightInput } from './restore-preflight'

const turn = (id: string, status: Turn['status'], createdAt = 1): Turn => ({
  id,
  sessionId: 'sess_a',
  status,
  createdAt,
})

const clear: PreflightInput = {
  turns: [turn('t1', 'completed')],
  recovery: { uncertainToolCallIds: [], activeRunIds: [] },
  openActionIds: [],
  pendingInputIds: [],
}

describe('evaluatePreflight (SessionCheckpointService.requireSettled before the click)', () => {
  it('is clear when every turn is completed or cancelled and nothing is pending', () => {
    const preflight = evaluatePreflight({
      ...clear,
      turns: [turn('t1', 'completed'), turn('t2', 'cancelled')],
    })
    expect(preflight.isClear).toBe(true)
    expect(preflight.expectedRefusal).toBeNull()
  })

  it('blocks on a failed turn first, with upstream’s wording, and offers its cancel', () => {
    const preflight = evaluatePreflight({
      ...clear,
      turns: [turn('t2', 'failed', 2), turn('t1', 'completed', 1)],
      pendingInputIds: ['in_1'],
    })
    expect(preflight.turns).toEqual({
      state: 'blocked',
      unsettled: [{ turnId: 't2', status: 'failed', isCancellable: true }],
    })
    expect(preflight.expectedRefusal).toBe(REFUSALS.turns)
    expect(preflight.inputs.state).toBe('blocked')
    expect(preflight.isClear).toBe(false)
  })

  it('blocks on uncertain calls and active runs, and says a cancel is refused until they are reconciled', () => {
    const preflight = evaluatePreflight({
      ...clear,
      turns: [turn('t1', 'cancelled')],
      recovery: { uncertainToolCallIds: ['toolu_1'], activeRunIds: ['run_1'] },
    })
    expect(preflight.uncertain).toEqual({ state: 'blocked', toolCallIds: ['toolu_1'] })
    expect(preflight.runs.state).toBe('blocked')
    expect(preflight.expectedRefusal).toBe(REFUSALS.execution)
    expect(preflight.isCancelRefused).toBe(true)
  })

  it('blocks on a required action still waiting for its answer', () => {
    const preflight = evaluatePreflight({ ...clear, openActionIds: ['req_1'] })
    expect(preflight.interactions.state).toBe('blocked')
    expect(preflight.expectedRefusal).toBe(REFUSALS.execution)
  })

  it('blocks on accepted input not yet applied', () => {
    const preflight = evaluatePreflight({ ...clear, pendingInputIds: ['in_1'] })
    expect(preflight.expectedRefusal).toBe(REFUSALS.inputs)
  })

  it('marks what it cannot read as unknown without blocking (trace off, no inputs ledger)', () => {
    const preflight = evaluatePreflight({ ...clear, recovery: null, pendingInputIds: null })
    expect(preflight.uncertain.state).toBe('unknown')
    expect(preflight.runs.state).toBe('unknown')
    expect(preflight.inputs.state).toBe('unknown')
    expect(preflight.isClear).toBe(true)
  })
})
