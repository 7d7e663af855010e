import type { createManualClock } from '../lib/clock'

/**
 * When the engine and the virtual workers do their next thing. The browser and the HTTP server use
 * real timers; tests use the manual scheduler and move time themselves, so every run is
 * deterministic and takes no wall-clock time.
 */
export type Task = () => void | Promise<void>
export type Cancel = () => void

export type Scheduler = {
  /** Runs `task` after `delayMs` (0 = as soon as the current work is done). */
  schedule: (delayMs: number, task: Task) => Cancel
}

/** setTimeout underneath. A failing task is reported, never thrown into the timer loop. */
export function createRealScheduler(): Scheduler {
  return {
    schedule: (delayMs, task) => {
      const handle = setTimeout(() => {
        Promise.resolve()
          .then(task)
          .catch((error: unknown) => console.error('mock engine task failed', error))
      }, delayMs)
      return () => clearTimeout(handle)
    },
  }
}

type ManualClock = ReturnType<typeof createManualClock>

export type ManualScheduler = Scheduler & {
  /**
   * Moves the clock forward by `ms`, running every task that falls due on the way, in time order
   * (ties in the order they were scheduled). Async tasks finish before the next one starts.
   */
  advance: (ms: number) => Promise<void>
  /** Tasks waiting to run. */
  pendingCount: () => number
}

type Entry = { due: number; seq: number; task: Task }

export function createManualScheduler(clock: ManualClock): ManualScheduler {
  const entries = new Set<Entry>()
  let seq = 0

  const nextDue = (until: number): Entry | undefined => {
    let best: Entry | undefined
    for (const entry of entries) {
      if (entry.due > until) continue
      if (!best || entry.due < best.due || (entry.due === best.due && entry.seq < best.seq)) best = entry
    }
    return best
  }

  return {
    schedule: (delayMs, task) => {
      const entry = { due: clock.now() + Math.max(0, delayMs), seq: (seq += 1), task }
      entries.add(entry)
      return () => {
        entries.delete(entry)
      }
    },
    advance: async (ms) => {
      const until = clock.now() + ms
      for (let entry = nextDue(until); entry; entry = nextDue(until)) {
        entries.delete(entry)
        if (entry.due > clock.now()) clock.set(entry.due)
        await entry.task()
      }
      clock.set(until)
    },
    pendingCount: () => entries.size,
  }
}
