import { describe, expect, it } from 'vitest'
import type { components } from '@/api/schema.gen'
import { environmentWorkers } from './environment-workers'

const item = (
  claimedBy: string | null,
  metadata: Record<string, unknown> = {},
): components['schemas']['WorkItem'] => ({
  id: `w_${claimedBy ?? 'none'}`,
  sessionId: 's',
  environmentId: 'e',
  ownerId: 'u',
  status: 'active',
  claimedBy,
  workDir: null,
  createdAt: 0,
  updatedAt: 0,
  metadata,
})

describe('environmentWorkers', () => {
  it('knows workers from claims and lapsed leases, online when seen in the last 45 s', () => {
    const workers = environmentWorkers(
      [item('worker-a'), item(null, { reclaimedFrom: 'worker-old' }), item('worker-a')],
      { 'worker-a': 99_000, 'worker-old': 10_000, 'worker-elsewhere': 99_000 },
      100_000,
    )
    expect(workers).toEqual([
      { workerId: 'worker-a', lastSeenAt: 99_000, isOnline: true },
      { workerId: 'worker-old', lastSeenAt: 10_000, isOnline: false },
    ])
  })
})
