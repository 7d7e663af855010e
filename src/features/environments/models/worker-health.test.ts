import { describe, expect, it } from 'vitest'
import { workerHealth } from './worker-health'

const now = 1_000_000_000

describe('workerHealth', () => {
  it('classifies by heartbeat age with the stated thresholds', () => {
    expect(workerHealth(now - 5_000, now)).toBe('online')
    expect(workerHealth(now - 44_999, now)).toBe('online')
    expect(workerHealth(now - 45_000, now)).toBe('stale')
    expect(workerHealth(now - 4 * 60_000, now)).toBe('stale')
    expect(workerHealth(now - 5 * 60_000, now)).toBe('offline')
    expect(workerHealth(now - 2 * 3_600_000, now)).toBe('offline')
  })

  it('treats a missing heartbeat as unknown and a future one as fresh', () => {
    expect(workerHealth(undefined, now)).toBe('unknown')
    expect(workerHealth(null, now)).toBe('unknown')
    expect(workerHealth(now + 10_000, now)).toBe('online')
  })
})
