import { describe, expect, it } from 'vitest'
import { diffSessionStates } from './diff-session-states'
import { at, selfHostedCall } from '@/testing/session-events'
import { foldSessionState } from './fold-session-state'

describe('diffSessionStates', () => {
  it('lists what moved between two points, and nothing for the same point', () => {
    const events = [at('turn.accepted', 1, { turn_id: 't1' }), ...selfHostedCall('t1', 'toolu_1', 10)]
    const a = foldSessionState(events, 2)
    const b = foldSessionState(events, events.length - 1)
    expect(diffSessionStates(a, a)).toEqual([])
    expect(diffSessionStates(a, b)).toEqual([
      { section: 'turns', key: 't1', before: 'accepted', after: 'queued' },
      { section: 'tools', key: 'write_file toolu_1', before: 'dispatched', after: 'completed' },
    ])
  })
})
