import { describe, expect, it } from 'vitest'
import { environmentHealth } from './environment-presence'
import { makeWorkItem } from '@/testing/model-fixtures'

const now = 10_000_000

describe('environmentHealth', () => {
  it('treats backend-run types as managed', () => {
    for (const type of ['sandbox', 'local', 'remote']) {
      expect(environmentHealth({ type, workItems: [], workerHeartbeats: {}, now })).toEqual({
        state: 'managed',
      })
    }
  })

  it('counts busy and idle workers as online, a busy one even when its last poll is old (C12)', () => {
    const health = environmentHealth({
      type: 'self_hosted',
      workItems: [
        makeWorkItem({ id: 'w1', status: 'active', claimedBy: 'worker-b', updatedAt: now - 5_000 }),
        makeWorkItem({ id: 'w2', status: 'stopped', claimedBy: 'worker-a', updatedAt: now - 3_600_000 }),
      ],
      workerHeartbeats: { 'worker-a': now - 5_000, 'worker-b': now - 30 * 60_000, elsewhere: now },
      now,
    })
    expect(health).toEqual({ state: 'online', busy: 1, idle: 1 })
  })

  it('is stale while its workers were seen in the last minutes, offline after, with the last sign', () => {
    const items = [makeWorkItem({ id: 'w1', status: 'stopped', claimedBy: 'worker-lab', updatedAt: 0 })]
    expect(
      environmentHealth({
        type: 'self_hosted',
        workItems: items,
        workerHeartbeats: { 'worker-lab': now - 120_000 },
        now,
      }),
    ).toEqual({ state: 'stale', lastSeenAt: now - 120_000 })
    expect(
      environmentHealth({
        type: 'self_hosted',
        workItems: items,
        workerHeartbeats: { 'worker-lab': now - 7_200_000 },
        now,
      }),
    ).toEqual({ state: 'offline', lastSeenAt: now - 7_200_000 })
  })

  it('is unknown before any worker has claimed its work', () => {
    expect(
      environmentHealth({
        type: 'self_hosted',
        workItems: [makeWorkItem({ id: 'w1' })],
        workerHeartbeats: { w: now },
        now,
      }),
    ).toEqual({ state: 'unknown' })
  })
})
