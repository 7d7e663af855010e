import { describe, expect, it } from 'vitest'
import { rotationCutover } from './rotation-cutover'

describe('rotationCutover', () => {
  const rotation = { environmentId: 'env_1', rotatedAt: 1_000, workerIds: ['worker-a', 'worker-b'] }

  it('counts a worker as reconnected only after a heartbeat later than the rotation', () => {
    const cutover = rotationCutover(rotation, { 'worker-a': 1_500, 'worker-b': 1_000 })
    expect(cutover.workers).toEqual([
      { workerId: 'worker-a', lastHeartbeatAt: 1_500, hasReconnected: true },
      { workerId: 'worker-b', lastHeartbeatAt: 1_000, hasReconnected: false },
    ])
    expect(cutover).toMatchObject({ reconnected: 1, waiting: 1, isComplete: false })
  })

  it('is complete when every worker is back, and trivially when none was connected', () => {
    expect(rotationCutover(rotation, { 'worker-a': 2_000, 'worker-b': 3_000 }).isComplete).toBe(true)
    expect(rotationCutover({ ...rotation, workerIds: [] }, {}).isComplete).toBe(true)
  })
})
