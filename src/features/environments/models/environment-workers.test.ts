import { describe, expect, it } from 'vitest'
import { environmentWorkers, summarizeWorkerHealth, unlinkedWorkers } from './environment-workers'
import type { WorkItem } from './work-types'

const now = 10_000_000

function item(overrides: Partial<WorkItem>): WorkItem {
  return {
    id: 'work_1',
    sessionId: 'sess_1',
    environmentId: 'env_1',
    ownerId: 'usr',
    status: 'stopped',
    claimedBy: null,
    workDir: null,
    createdAt: now - 60_000,
    updatedAt: now - 60_000,
    metadata: {},
    ...overrides,
  }
}

describe('environmentWorkers', () => {
  it('links workers through claims, keeps current claims, and orders online first', () => {
    const items = [
      item({ id: 'w1', claimedBy: 'worker-a', status: 'stopped', updatedAt: now - 50_000 }),
      item({ id: 'w2', claimedBy: 'worker-b', status: 'active', updatedAt: now - 8_000 }),
      item({ id: 'w3', claimedBy: 'worker-old', status: 'stopped' }),
      item({ id: 'w4', claimedBy: null, status: 'queued' }),
    ]
    const workers = environmentWorkers(
      items,
      { 'worker-a': now - 5_000, 'worker-b': now - 8_000, 'worker-elsewhere': now - 1_000 },
      now,
    )
    expect(workers.map((worker) => [worker.workerId, worker.health, worker.claims.map((c) => c.id)])).toEqual(
      [
        ['worker-a', 'online', []],
        ['worker-b', 'online', ['w2']],
        ['worker-old', 'unknown', []],
      ],
    )
    expect(summarizeWorkerHealth(workers)).toEqual({ online: 2, stale: 0, offline: 0, unknown: 1, total: 3 })
  })

  it('does not trust prototype keys in the heartbeat map', () => {
    const workers = environmentWorkers([item({ claimedBy: 'constructor', status: 'active' })], {}, now)
    expect(workers[0]?.health).toBe('unknown')
  })
})

describe('unlinkedWorkers', () => {
  it('lists recent heartbeats of workers without a claim here', () => {
    const result = unlinkedWorkers(
      { 'worker-a': now - 1_000, 'worker-new': now - 2_000, 'worker-ancient': now - 99_000_000 },
      new Set(['worker-a']),
      now,
      now - 3_600_000,
    )
    expect(result).toEqual([{ workerId: 'worker-new', lastHeartbeatAt: now - 2_000, health: 'online' }])
  })
})
