import { describe, expect, it } from 'vitest'
import { selfHostedCall } from '@/testing/session-events'
import { turnsAwaitingTools } from './turns-awaiting-tools'

describe('turnsAwaitingTools', () => {
  it('lists turns whose dispatched calls have no result yet', () => {
    const done = selfHostedCall('t1', 'a', 0)
    const waiting = selfHostedCall('t2', 'b', 10_000).slice(0, 4)
    expect([...turnsAwaitingTools([...done, ...waiting])]).toEqual(['t2'])
  })
})
