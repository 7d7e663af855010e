import { describe, expect, it } from 'vitest'
import { deriveEnvironmentHealth } from './environment-health'

const now = 1_000_000

describe('deriveEnvironmentHealth', () => {
  it('treats backend-run types as managed', () => {
    for (const type of ['sandbox', 'local', 'remote'] as const) {
      expect(deriveEnvironmentHealth({ type, workItems: [], workerHeartbeats: {}, now })).toEqual({
        state: 'managed',
      })
    }
  })

  it('is online when a worker that claimed its work heartbeated recently', () => {
    const health = deriveEnvironmentHealth({
      type: 'self_hosted',
      workItems: [
        { claimedBy: 'worker-b' },
        { claimedBy: 'worker-a' },
        { claimedBy: null },
        { claimedBy: 'worker-a' },
      ],
      workerHeartbeats: { 'worker-a': now - 5_000, 'worker-b': now - 8_000, 'worker-elsewhere': now },
      now,
    })
    expect(health).toEqual({ state: 'online', workerIds: ['worker-a', 'worker-b'], lastSeenAt: now - 5_000 })
  })

  it('is offline when its workers went quiet, with the last time one was seen', () => {
    expect(
      deriveEnvironmentHealth({
        type: 'self_hosted',
        workItems: [{ claimedBy: 'worker-lab' }],
        workerHeartbeats: { 'worker-lab': now - 2 * 3600_000 },
        now,
      }),
    ).toEqual({ state: 'offline', workerIds: ['worker-lab'], lastSeenAt: now - 2 * 3600_000 })
    expect(
      deriveEnvironmentHealth({
        type: 'self_hosted',
        workItems: [{ claimedBy: 'gone' }],
        workerHeartbeats: {},
        now,
      }),
    ).toEqual({ state: 'offline', workerIds: ['gone'], lastSeenAt: null })
  })

  it('is unknown before any worker has claimed its work', () => {
    expect(
      deriveEnvironmentHealth({
        type: 'self_hosted',
        workItems: [{ claimedBy: null }],
        workerHeartbeats: { w: now },
        now,
      }),
    ).toEqual({ state: 'unknown' })
  })
})
