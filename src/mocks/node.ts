import { setupServer } from 'msw/node'
import { createMockBackend, type MockOptions } from './lib/backend'
import { installEngine, type Engine, type InstallEngineOptions } from './engine/install-engine'
import { createManualScheduler, type ManualScheduler } from './engine/scheduler'
import { createHandlers } from './handlers'
import { seed } from './seed'
import { virtualWorkerSpecs } from './seed/demo-workers'
import type { VirtualWorkerSpec } from './lib/control-types'
import { createManualClock } from './lib/clock'

/** Fixed "now" for tests: 2026-11-01T09:00:00Z, so seeded ages and relative times are stable. */
export const TEST_NOW = Date.UTC(2026, 10, 1, 9, 0, 0)

export type TestEngineOptions = Omit<InstallEngineOptions, 'scheduler' | 'reseed' | 'virtualWorkers'> & {
  /** `demo`: the seed's worker-a and worker-b on build-workers. */
  virtualWorkers?: 'demo' | readonly VirtualWorkerSpec[]
  reseed?: InstallEngineOptions['reseed']
}

/**
 * A seeded backend with a manual clock, and msw/node intercepting fetch for it. Without `engine`
 * turns stay queued as before; with it the execution engine runs on a manual scheduler that the
 * test drives (`await scheduler.advance(ms)`), e.g. `{ engine: { virtualWorkers: 'demo' } }`.
 */
export async function createTestBackend(
  options: Partial<MockOptions> = {},
  init: { largeSessionEvents?: number; engine?: TestEngineOptions } = {},
) {
  const clock = createManualClock(TEST_NOW)
  const backend = createMockBackend({ clock, options: { latencyMs: 0, ...options } })
  await seed(backend, { largeSessionEvents: init.largeSessionEvents ?? 5000 })
  const server = setupServer(...createHandlers(backend))
  let scheduler: ManualScheduler | undefined
  let engine: Engine | undefined
  if (init.engine) {
    scheduler = createManualScheduler(clock)
    engine = installEngine(backend, {
      reseed: (target) => seed(target, { largeSessionEvents: init.largeSessionEvents ?? 5000 }),
      ...init.engine,
      virtualWorkers: virtualWorkerSpecs(init.engine.virtualWorkers),
      scheduler,
    })
  }
  return { backend, clock, server, scheduler, engine }
}
