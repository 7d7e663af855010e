import { describe, expect, it } from 'vitest'
import type { InputEntry } from '@/data/sessions/decode-inputs'
import { mergeInputLedger } from './input-ledger'

const entry = (
  inputId: string,
  status: InputEntry['status'],
  extra: Partial<InputEntry> = {},
): InputEntry => ({
  inputId,
  kind: null,
  status,
  reason: null,
  turnId: null,
  runId: null,
  at: null,
  eventId: null,
  ...extra,
})

describe('mergeInputLedger', () => {
  it('moves an accepted input to applied when its live event arrives, keeping its kind', () => {
    const merged = mergeInputLedger(
      [entry('a', 'accepted', { kind: 'steer', turnId: 't1' })],
      [entry('a', 'applied', { runId: 'run_1' })],
    )
    expect(merged).toEqual([entry('a', 'applied', { kind: 'steer', turnId: 't1', runId: 'run_1' })])
  })

  it('never moves an applied or rejected input back to accepted', () => {
    const merged = mergeInputLedger(
      [entry('a', 'rejected', { reason: 'turn_cancelled' })],
      [entry('a', 'accepted'), entry('b', 'accepted')],
    )
    expect(merged.map((input) => [input.inputId, input.status, input.reason])).toEqual([
      ['a', 'rejected', 'turn_cancelled'],
      ['b', 'accepted', null],
    ])
  })
})
