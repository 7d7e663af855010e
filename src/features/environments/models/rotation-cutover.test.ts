import { describe, expect, it } from 'vitest'
import { rotationCutover } from './rotation-cutover'
import { workerPresence } from '@/data/work/worker-presence'
import { makeWorkItem } from '@/testing/model-fixtures'

describe('rotationCutover', () => {
  const rotation = { environmentId: 'env_1', rotatedAt: 1_000, workerIds: ['worker-a', 'worker-b'] }
  const presence =
    (heartbeats: Record<string, number>, items = [makeWorkItem({ id: 'w0' })]) =>
    (id: string) =>
      workerPresence(id, items, heartbeats, 5_000)

  it('counts a worker as reconnected only once seen after the rotation', () => {
    const cutover = rotationCutover(rotation, presence({ 'worker-a': 1_500, 'worker-b': 1_000 }))
    expect(cutover.workers).toEqual([
      { workerId: 'worker-a', lastSeenAt: 1_500, hasReconnected: true },
      { workerId: 'worker-b', lastSeenAt: 1_000, hasReconnected: false },
    ])
    expect(cutover).toMatchObject({ reconnected: 1, waiting: 1, isComplete: false })
  })

  it('counts a claim that moved after the rotation as a sign of the new key, without a poll', () => {
    const items = [makeWorkItem({ id: 'w1', status: 'active', claimedBy: 'worker-b', updatedAt: 1_200 })]
    const cutover = rotationCutover(rotation, presence({ 'worker-b': 500 }, items))
    expect(cutover.workers[1]).toEqual({ workerId: 'worker-b', lastSeenAt: 1_200, hasReconnected: true })
  })

  it('is complete when every worker is back, and trivially when none was connected', () => {
    expect(rotationCutover(rotation, presence({ 'worker-a': 2_000, 'worker-b': 3_000 })).isComplete).toBe(
      true,
    )
    expect(rotationCutover({ ...rotation, workerIds: [] }, presence({})).isComplete).toBe(true)
  })
})
