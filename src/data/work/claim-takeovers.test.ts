import { describe, expect, it } from 'vitest'
import { noteClaims, pendingTakeovers } from './claim-takeovers'
import { CLAIM_FRESH_MS } from './worker-presence'
import { makeWorkItem } from '@/testing/model-fixtures'

const NOW = 1_800_000_000_000

describe('noteClaims', () => {
  it('sees a takeover when an item it watched is claimed by another worker', () => {
    const first = noteClaims(new Map(), [
      makeWorkItem({ id: 'w1', status: 'active', claimedBy: 'worker-a', updatedAt: NOW - 90_000 }),
      makeWorkItem({ id: 'w2', status: 'queued' }),
    ])
    expect(first.takeovers).toEqual([])
    const second = noteClaims(first.seen, [
      makeWorkItem({ id: 'w1', sessionId: 's9', status: 'starting', claimedBy: 'worker-b', updatedAt: NOW }),
      makeWorkItem({ id: 'w2', status: 'starting', claimedBy: 'worker-a', updatedAt: NOW }),
    ])
    expect(second.takeovers).toEqual([
      { itemId: 'w1', sessionId: 's9', from: 'worker-a', to: 'worker-b', at: NOW },
    ])
    expect(second.seen.get('w2')).toBe('worker-a')
  })

  it('does not call a first sighting, or the same worker again, a takeover', () => {
    const item = makeWorkItem({ id: 'w1', status: 'active', claimedBy: 'worker-a' })
    expect(noteClaims(new Map(), [item]).takeovers).toEqual([])
    expect(noteClaims(new Map([['w1', 'worker-a']]), [item]).takeovers).toEqual([])
  })
})

describe('pendingTakeovers', () => {
  it('lists the claims that went stale, which the next other worker’s poll takes over', () => {
    const stale = makeWorkItem({
      id: 'w1',
      status: 'active',
      claimedBy: 'worker-a',
      updatedAt: NOW - CLAIM_FRESH_MS,
    })
    const fresh = makeWorkItem({ id: 'w2', status: 'active', claimedBy: 'worker-b', updatedAt: NOW - 1_000 })
    expect(pendingTakeovers([stale, fresh], NOW)).toEqual([stale])
  })
})
