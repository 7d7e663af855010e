import { describe, expect, it } from 'vitest'
import { at, selfHostedCall } from '@/testing/session-events'
import { buildToolRecords } from './tool-records'

describe('buildToolRecords', () => {
  it('folds one record per (turn, call) with suspension, result and resumption', () => {
    const [record] = buildToolRecords(selfHostedCall('t1', 'toolu_1', 1000))
    expect(record).toMatchObject({
      key: 't1:toolu_1',
      name: 'write_file',
      input: { path: 'environment-check.txt', content: 'ok' },
      output: 'Wrote 2 bytes',
      status: 'completed',
      isError: false,
      requestedAt: 1000,
      dispatchedAt: 1010,
      suspendedAt: 1020,
      suspendReason: 'waiting_for_worker',
      completedAt: 5100,
      resumedAt: 5200,
    })
    expect(record?.eventIds).toHaveLength(4)
  })

  it('keeps calls with the same id in different turns apart, and concatenates streamed output', () => {
    const events = [
      at('tool.requested', 1, { turn_id: 'a', tool_call_id: 'x', name: 'execute', input: { command: 'ls' } }),
      at('tool.delta', 2, { turn_id: 'a', tool_call_id: 'x', output: [{ type: 'text', text: 'one\n' }] }),
      at('tool.delta', 3, { turn_id: 'a', tool_call_id: 'x', output: 'two\n' }),
      at('tool.requested', 4, { turn_id: 'b', tool_call_id: 'x', name: 'read_file' }),
      at('tool.completed', 5, {
        turn_id: 'b',
        tool_call_id: 'x',
        status: 'failed',
        result: { is_error: true, content: 'nope' },
      }),
    ]
    const [first, second] = buildToolRecords(events)
    expect(first).toMatchObject({ output: 'one\ntwo\n', isComplete: false, status: 'requested' })
    expect(second).toMatchObject({ name: 'read_file', output: 'nope', isError: true, isComplete: true })
  })

  it('links a confirmation to its call and follows its answer', () => {
    const events = [
      at('tool.requested', 1, { turn_id: 't', tool_call_id: 'w', name: 'write_file' }),
      at('required_action.created', 2, {
        turn_id: 't',
        request_id: 'req_1',
        kind: 'confirmation',
        tool_call: { id: 'w' },
      }),
      at('required_action.accepted', 3, { turn_id: 't', request_id: 'req_1' }),
    ]
    expect(buildToolRecords(events)[0]?.confirmation).toEqual({ requestId: 'req_1', status: 'accepted' })
  })
})
