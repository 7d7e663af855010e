import { describe, expect, it } from 'vitest'
import { createManualClock } from '../lib/clock'
import { createManualScheduler } from './scheduler'

describe('manual scheduler', () => {
  it('runs due tasks in time order (ties in scheduling order), moving the clock to each', async () => {
    const clock = createManualClock(1_000)
    const scheduler = createManualScheduler(clock)
    const seen: string[] = []
    scheduler.schedule(30, () => void seen.push(`c@${clock.now()}`))
    scheduler.schedule(10, () => void seen.push(`a@${clock.now()}`))
    scheduler.schedule(10, () => void seen.push(`b@${clock.now()}`))
    const cancel = scheduler.schedule(20, () => void seen.push('cancelled'))
    cancel()
    await scheduler.advance(25)
    expect(seen).toEqual(['a@1010', 'b@1010'])
    expect(clock.now()).toBe(1_025)
    await scheduler.advance(100)
    expect(seen).toEqual(['a@1010', 'b@1010', 'c@1030'])
    expect(scheduler.pendingCount()).toBe(0)
  })

  it('awaits async tasks and runs what they schedule within the same advance', async () => {
    const clock = createManualClock(0)
    const scheduler = createManualScheduler(clock)
    const seen: number[] = []
    const tick = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1))
      seen.push(clock.now())
      if (seen.length < 3) scheduler.schedule(100, tick)
    }
    scheduler.schedule(100, tick)
    await scheduler.advance(1_000)
    expect(seen).toEqual([100, 200, 300])
  })
})
