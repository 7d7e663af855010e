import { describe, expect, it } from 'vitest'
import { diagnoseQueue } from './diagnose-queue'

const counts = (queued: number) => ({ queued, starting: 0, active: 0, stopping: 0, stopped: 0 })
const health = (online: number) => ({ online })

describe('diagnoseQueue', () => {
  it('says nobody polls when work is queued and no worker is online', () => {
    const diagnosis = diagnoseQueue({ countsByStatus: counts(1), oldestQueuedAgeMs: 25 * 60_000 }, health(0))
    expect(diagnosis?.title).toBe('No worker online')
    expect(diagnosis?.message).toContain('1 work item queued, the oldest for 25 min')
    expect(diagnosis?.message).toContain('401')
  })

  it('is quiet when nothing is queued or a worker will claim it shortly', () => {
    expect(diagnoseQueue({ countsByStatus: counts(0), oldestQueuedAgeMs: null }, health(0))).toBeNull()
    expect(diagnoseQueue({ countsByStatus: counts(2), oldestQueuedAgeMs: 3_000 }, health(1))).toBeNull()
  })

  it('warns when online workers leave work queued for long', () => {
    const diagnosis = diagnoseQueue({ countsByStatus: counts(2), oldestQueuedAgeMs: 5 * 60_000 }, health(2))
    expect(diagnosis).toMatchObject({ tone: 'warning', title: 'Queued work is not being claimed' })
  })
})
