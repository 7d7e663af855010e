import { describe, expect, it } from 'vitest'
import { createEmptyDb } from '../db/types'
import { claimNextWorkItem, enqueueWorkItem, reclaimExpiredLeases, toWorkItem } from './work-queue'

const LEASE = 45_000

function queueOf(...ids: string[]) {
  const db = createEmptyDb()
  ids.forEach((id, index) =>
    enqueueWorkItem(db, {
      id,
      sessionId: `sess_${id}`,
      environmentId: 'env_a',
      ownerId: 'usr_x',
      now: 1_000 + index,
    }),
  )
  return db
}

describe('work queue', () => {
  it('claims the oldest queued item of the environment only', () => {
    const db = queueOf('w1', 'w2')
    enqueueWorkItem(db, { id: 'other', sessionId: 's', environmentId: 'env_b', ownerId: 'u', now: 0 })
    const claimed = claimNextWorkItem(db, {
      environmentId: 'env_a',
      workerId: 'worker-1',
      now: 5_000,
      leaseMs: LEASE,
    })
    expect(claimed).toMatchObject({
      id: 'w1',
      status: 'starting',
      claimedBy: 'worker-1',
      leaseExpiresAt: 5_000 + LEASE,
    })
    expect(
      claimNextWorkItem(db, { environmentId: 'env_a', workerId: 'worker-2', now: 5_000, leaseMs: LEASE })?.id,
    ).toBe('w2')
    expect(
      claimNextWorkItem(db, { environmentId: 'env_a', workerId: 'worker-3', now: 5_000, leaseMs: LEASE }),
    ).toBeNull()
  })

  it('reclaims only claims whose lease has lapsed', () => {
    const db = queueOf('w1', 'w2')
    claimNextWorkItem(db, { environmentId: 'env_a', workerId: 'dead', now: 0, leaseMs: LEASE })
    claimNextWorkItem(db, { environmentId: 'env_a', workerId: 'alive', now: 30_000, leaseMs: LEASE })
    expect(reclaimExpiredLeases(db, LEASE - 1, LEASE)).toEqual([])
    const reclaimed = reclaimExpiredLeases(db, LEASE, LEASE)
    expect(reclaimed.map((item) => item.id)).toEqual(['w1'])
    expect(db.workItems.get('w1')).toMatchObject({
      status: 'queued',
      claimedBy: null,
      workDir: null,
      leaseExpiresAt: null,
      updatedAt: LEASE,
      metadata: { reclaimedFrom: 'dead', reclaimedAt: LEASE, reclaimCount: 1 },
    })
    expect(db.workItems.get('w2')?.status).toBe('starting')
  })

  it('falls back to updatedAt for claims written without a lease, and leaves stopped items alone', () => {
    const db = queueOf('w1', 'w2')
    const legacy = db.workItems.get('w1')
    const done = db.workItems.get('w2')
    if (!legacy || !done) throw new Error('seeded items missing')
    Object.assign(legacy, { status: 'active', claimedBy: 'old', updatedAt: 10_000 })
    Object.assign(done, { status: 'stopped', claimedBy: 'old', updatedAt: 0 })
    expect(reclaimExpiredLeases(db, 10_000 + LEASE, LEASE).map((item) => item.id)).toEqual(['w1'])
  })

  it('ends a released (stopping) claim whose worker went silent instead of queuing it again', () => {
    const db = queueOf('w1')
    claimNextWorkItem(db, { environmentId: 'env_a', workerId: 'gone', now: 0, leaseMs: LEASE })
    const item = db.workItems.get('w1')
    if (!item) throw new Error('seeded item missing')
    item.status = 'stopping'
    expect(reclaimExpiredLeases(db, LEASE, LEASE)).toEqual([])
    expect(item).toMatchObject({
      status: 'stopped',
      claimedBy: 'gone',
      leaseExpiresAt: null,
      updatedAt: LEASE,
    })
  })

  it('keeps the lease deadline out of the wire shape', () => {
    const db = queueOf('w1')
    const record = db.workItems.get('w1')
    if (!record) throw new Error('seeded item missing')
    expect(toWorkItem(record)).not.toHaveProperty('leaseExpiresAt')
  })
})
