import { describe, expect, it } from 'vitest'
import {
  CLAIM_FRESH_MS,
  environmentWorkerPresence,
  isStaleClaim,
  POLL_FRESH_MS,
  SEEN_RECENTLY_MS,
  summarizePresence,
  workerPresence,
} from './worker-presence'
import type { WorkItem } from './types'

const NOW = 1_800_000_000_000

function item(overrides: Partial<WorkItem>): WorkItem {
  return {
    id: 'w1',
    sessionId: 's1',
    environmentId: 'env_1',
    ownerId: 'u1',
    status: 'active',
    claimedBy: 'worker-a',
    workDir: null,
    metadata: {},
    createdAt: NOW - 600_000,
    updatedAt: NOW - 1_000,
    ...overrides,
  }
}

describe('workerPresence', () => {
  it('is busy while it holds a claim that moved recently, even when its last poll is old (C12)', () => {
    const presence = workerPresence(
      'worker-a',
      [item({ updatedAt: NOW - 5_000 })],
      { 'worker-a': NOW - 10 * 60_000 },
      NOW,
    )
    expect(presence).toMatchObject({ state: 'busy', isOnline: true, lastPollAt: NOW - 10 * 60_000 })
    expect(presence.lastSeenAt).toBe(NOW - 5_000)
  })

  it('is idle when it polled recently and holds nothing fresh', () => {
    const presence = workerPresence(
      'worker-a',
      [item({ status: 'stopped', updatedAt: NOW - 60 * 60_000 })],
      { 'worker-a': NOW - 2_000 },
      NOW,
    )
    expect(presence).toMatchObject({ state: 'idle', isOnline: true })
    expect(presence.claims).toEqual([])
  })

  it('goes stale, then offline, once neither its polls nor its claims move', () => {
    const stillActive = item({ updatedAt: NOW - CLAIM_FRESH_MS - 1 })
    const stale = workerPresence('worker-a', [stillActive], { 'worker-a': NOW - POLL_FRESH_MS - 1 }, NOW)
    expect(stale).toMatchObject({ state: 'stale', isOnline: false })
    expect(stale.staleClaims).toEqual([stillActive])
    const offline = workerPresence(
      'worker-a',
      [item({ updatedAt: NOW - SEEN_RECENTLY_MS - 1 })],
      { 'worker-a': NOW - SEEN_RECENTLY_MS - 1 },
      NOW,
    )
    expect(offline.state).toBe('offline')
  })

  it('does not take a server-side stop of its item for a sign of life (C11)', () => {
    // The session went idle a second ago and the server stopped the item this worker had claimed
    // long before; the worker itself has been silent for ten minutes.
    const presence = workerPresence(
      'worker-b',
      [item({ claimedBy: 'worker-b', status: 'stopped', updatedAt: NOW - 1_000 })],
      { 'worker-b': NOW - 10 * 60_000 },
      NOW,
    )
    expect(presence.lastActivityAt).toBeNull()
    expect(presence.lastSeenAt).toBe(NOW - 10 * 60_000)
    expect(presence).toMatchObject({ state: 'offline', isOnline: false })
  })

  it('is unknown with no poll and no claim, and treats future times as fresh (clock skew)', () => {
    expect(workerPresence('nobody', [], {}, NOW).state).toBe('unknown')
    expect(workerPresence('worker-a', [], { 'worker-a': NOW + 30_000 }, NOW).state).toBe('idle')
  })
})

describe('isStaleClaim (C13)', () => {
  it('marks starting/active items untouched for 60 s, never queued or stopped ones', () => {
    const old = NOW - CLAIM_FRESH_MS
    expect(isStaleClaim(item({ status: 'active', updatedAt: old }), NOW)).toBe(true)
    expect(isStaleClaim(item({ status: 'starting', updatedAt: old }), NOW)).toBe(true)
    expect(isStaleClaim(item({ status: 'active', updatedAt: old + 1 }), NOW)).toBe(false)
    expect(isStaleClaim(item({ status: 'queued', claimedBy: null, updatedAt: old }), NOW)).toBe(false)
    expect(isStaleClaim(item({ status: 'stopped', updatedAt: old }), NOW)).toBe(false)
  })
})

describe('environmentWorkerPresence', () => {
  it('lists the workers that claimed this environment’s work, busy first, and counts busy as online', () => {
    const workers = environmentWorkerPresence(
      [
        item({ id: 'w1', claimedBy: 'worker-b', status: 'stopped', updatedAt: NOW - 90_000 }),
        item({ id: 'w2', claimedBy: 'worker-a', status: 'active', updatedAt: NOW - 3_000 }),
        item({ id: 'w3', claimedBy: null, status: 'queued' }),
      ],
      { 'worker-b': NOW - 1_000, 'worker-c': NOW - 1_000 },
      NOW,
    )
    expect(workers.map((worker) => [worker.workerId, worker.state])).toEqual([
      ['worker-a', 'busy'],
      ['worker-b', 'idle'],
    ])
    expect(summarizePresence(workers)).toMatchObject({ busy: 1, idle: 1, online: 2, total: 2 })
  })
})
