import { describe, expect, it } from 'vitest'
import { decodeInputList, decodeInputReceipt, inputEntriesOf } from './decode-inputs'
import { countInputParts, inputBody } from './input-body'

describe('decodeInputReceipt', () => {
  it('reads the receipt of a steer and of an inject (turn_id null)', () => {
    expect(
      decodeInputReceipt({ input_id: 'in_1', turn_id: 'turn_1', kind: 'steer', status: 'accepted' }),
    ).toEqual({ inputId: 'in_1', turnId: 'turn_1', kind: 'steer', status: 'accepted' })
    expect(
      decodeInputReceipt({ input_id: 'in_2', turn_id: null, kind: 'inject', status: 'applied' }).turnId,
    ).toBeNull()
  })

  it('is malformed without an id, a known kind or a known status', () => {
    expect(() => decodeInputReceipt({ kind: 'steer', status: 'accepted' })).toThrow()
    expect(() => decodeInputReceipt({ input_id: 'x', kind: 'shout', status: 'accepted' })).toThrow()
    expect(() => decodeInputReceipt({ input_id: 'x', kind: 'steer', status: 'done' })).toThrow()
  })
})

describe('inputEntriesOf', () => {
  it('reads one entry per id in input_id and input_ids, with the reason and the run', () => {
    const entries = inputEntriesOf({
      id: 'evt_1',
      type: 'input.applied',
      created_at: 5,
      data: { input_ids: ['a', 'b'], input_id: 'a', status: 'applied', run_id: 'run_1', turn_id: 't' },
    })
    expect(entries.map((entry) => [entry.inputId, entry.status, entry.runId])).toEqual([
      ['a', 'applied', 'run_1'],
      ['b', 'applied', 'run_1'],
    ])
    const [rejected] = inputEntriesOf({
      type: 'input.rejected',
      data: { input_id: 'c', reason: 'turn_cancelled' },
    })
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'turn_cancelled', kind: null })
  })

  it('ignores other events', () => {
    expect(inputEntriesOf({ type: 'turn.running', data: { input_id: 'a' } })).toEqual([])
  })
})

describe('decodeInputList', () => {
  it('reads the envelopes of GET inputs; a missing data list is malformed', () => {
    const list = decodeInputList({
      data: [{ type: 'input.accepted', data: { input_id: 'a', kind: 'inject', status: 'accepted' } }, 'junk'],
      as_of: 'c',
    })
    expect(list).toHaveLength(1)
    expect(() => decodeInputList({ as_of: 'c' })).toThrow()
  })
})

describe('inputBody', () => {
  it('sends {message} for text alone and {input} with file parts when files are attached', () => {
    expect(inputBody({ text: 'hi' })).toEqual({ message: 'hi' })
    expect(inputBody({ text: 'see', fileIds: ['file_1'] })).toEqual({
      input: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'see' },
            { type: 'file', file_id: 'file_1' },
          ],
        },
      ],
    })
    expect(countInputParts({ text: ' ', fileIds: ['a', 'b'] })).toBe(2)
  })
})
