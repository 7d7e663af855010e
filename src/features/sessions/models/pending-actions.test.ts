import { describe, expect, it } from 'vitest'
import { at } from '@/testing/session-events'
import { openRequiredActions } from './pending-actions'

describe('openRequiredActions', () => {
  it('keeps created requests until they are accepted, resolved or rejected', () => {
    const created = (id: string) =>
      at('required_action.created', 1, {
        turn_id: 't1',
        request_id: id,
        kind: 'confirmation',
        tool_call: { id: 'toolu_1', name: 'write_file', input: { path: 'a' } },
      })
    const open = openRequiredActions([
      created('req_1'),
      created('req_2'),
      at('required_action.accepted', 2, { turn_id: 't1', request_id: 'req_1' }),
    ])
    expect(open).toEqual([
      expect.objectContaining({
        requestId: 'req_2',
        turnId: 't1',
        toolName: 'write_file',
        toolInput: { path: 'a' },
      }),
    ])
  })
})
