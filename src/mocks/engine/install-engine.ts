import { reseedRandom, type MockBackend } from '../lib/backend'
import { createEmptyDb } from '../db/types'
import type { Random } from '../lib/clock'
import type { MockControls, VirtualWorkerSpec } from '../lib/control-types'
import { createMockControls } from './controls'
import { createEngineCore, type EngineCore } from './engine'
import type { Scheduler } from './scheduler'
import type { EngineTiming } from './turn-runner'
import type { VirtualWorkerTiming } from './virtual-worker'
import { VirtualWorkerPool } from './worker-pool'

export type InstallEngineOptions = {
  /** Real timers in the browser and the HTTP server; a manual scheduler in tests. */
  scheduler: Scheduler
  timing?: Partial<EngineTiming>
  workerTiming?: Partial<VirtualWorkerTiming>
  /** Virtual workers to run (the transports pass the seed's worker-a and worker-b); none by default. */
  virtualWorkers?: readonly VirtualWorkerSpec[]
  random?: Random
  /** After anything the engine or a worker changed (the browser demo saves its state then). */
  onChange?: () => void
  /** Fills the emptied db on reset (the transports pass the demo seed). */
  reseed: (backend: MockBackend) => Promise<void>
  /** After a reset (the browser demo forgets its saved state). */
  onReset?: () => Promise<void> | void
}

export type Engine = {
  core: EngineCore
  workers: VirtualWorkerPool
  controls: MockControls
  /** Stops every timer and worker and detaches from the backend. */
  uninstall: () => void
}

/**
 * Puts the execution engine and the virtual workers into a backend and exposes the demo controls
 * on `backend.controls`. Called by browser.ts, server.ts and (on request) createTestBackend.
 */
export function installEngine(backend: MockBackend, options: InstallEngineOptions): Engine {
  const onChange = () => options.onChange?.()
  const core = createEngineCore(backend, {
    scheduler: options.scheduler,
    timing: options.timing,
    random: options.random,
    onChange,
  })
  const workers = new VirtualWorkerPool(backend, options.scheduler, options.workerTiming ?? {}, onChange)
  const specs = options.virtualWorkers ?? []
  const startWorkers = () => {
    for (const spec of specs) workers.start(spec)
  }

  const reset = async () => {
    core.cancelAll()
    workers.haltAll()
    // Same db object, new contents: every handler keeps its reference to `backend.db`.
    Object.assign(backend.db, createEmptyDb())
    // The same random stream as the first start, so a reset demo is the demo as first seeded.
    reseedRandom(backend, backend.seed)
    await options.reseed(backend)
    await options.onReset?.()
    startWorkers()
    onChange()
  }

  const controls = createMockControls(backend, { workers, reset })
  backend.controls = controls
  startWorkers()
  core.resumeRuns()

  return {
    core,
    workers,
    controls,
    uninstall: () => {
      core.uninstall()
      workers.haltAll()
      if (backend.controls === controls) backend.controls = undefined
    },
  }
}
