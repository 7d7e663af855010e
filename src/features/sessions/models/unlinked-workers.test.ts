import { describe, expect, it } from 'vitest'
import { unlinkedPollingWorkers } from './unlinked-workers'

describe('unlinkedPollingWorkers', () => {
  it('lists recent pollers that are not among the environment’s workers', () => {
    const heartbeats = { 'worker-a': 99_000, 'worker-new': 98_000, 'worker-old': 1_000 }
    expect(unlinkedPollingWorkers([{ workerId: 'worker-a' }], heartbeats, 100_000)).toEqual(['worker-new'])
  })
})
