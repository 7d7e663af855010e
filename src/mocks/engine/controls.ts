import { noFaults, sanitizeFaults, type MockBackend, type MockFaults } from '../backend'
import type { VirtualWorkerPool } from './worker-pool'
import type { VirtualWorkerSpec, VirtualWorkerStatus } from './virtual-worker'

/**
 * The demo's control surface: faults on and off, the virtual workers, reset. The console's Demo
 * panel reaches it through the mock-only `/__mock/*` routes (handlers/mock-control.ts, client in
 * control-client.ts); tests may call it directly through `backend.controls`.
 */
export type MockControls = {
  getFaults: () => MockFaults
  /** Merges the well-formed fields of `patch` into the faults; returns the result. */
  setFaults: (patch: unknown) => MockFaults
  listWorkers: () => VirtualWorkerStatus[]
  /** Starts (or replaces) a virtual worker, e.g. for an environment created in the demo. */
  startWorker: (spec: VirtualWorkerSpec) => VirtualWorkerStatus
  /** Restarts a worker, with a new key after a rotation; null when there is no such worker. */
  restartWorker: (workerId: string, environmentKey?: string) => VirtualWorkerStatus | null
  killWorker: (workerId: string) => VirtualWorkerStatus | null
  /** Back to the freshly seeded demo world (and, in the browser, forget the saved state). */
  reset: () => Promise<void>
}

/** What `GET /__mock/state` answers: everything the Demo panel shows. */
export type MockControlState = {
  faults: MockFaults
  workers: VirtualWorkerStatus[]
  policy: { allowLocalEnvironments: boolean; hasDeploymentE2bKey: boolean; leaseTimeoutMs: number }
  /** What exists right now, so fault tests can prove nothing was created twice. */
  counts: {
    environments: number
    sessions: number
    turns: number
    /** Answers replaced by injected 5xx since start, and how many of those came after the server acted. */
    injectedErrors: number
    lostAnswers: number
  }
}

export function createMockControls(
  backend: MockBackend,
  deps: { workers: VirtualWorkerPool; reset: () => Promise<void> },
): MockControls {
  const { workers } = deps
  return {
    getFaults: () => structuredClone(backend.faults),
    setFaults: (patch) => {
      const wereOffline = backend.faults.workersOffline
      Object.assign(backend.faults, sanitizeFaults(patch))
      // Taking every worker offline halts them; bringing them back restarts them.
      if (backend.faults.workersOffline && !wereOffline) workers.haltAll()
      if (!backend.faults.workersOffline && wereOffline) workers.resumeAll()
      return structuredClone(backend.faults)
    },
    listWorkers: () => workers.list(),
    startWorker: (spec) => workers.start(spec),
    restartWorker: (workerId, environmentKey) => workers.restart(workerId, environmentKey),
    killWorker: (workerId) => workers.kill(workerId),
    reset: deps.reset,
  }
}

export function controlState(backend: MockBackend): MockControlState {
  return {
    faults: structuredClone(backend.faults),
    workers: backend.controls?.listWorkers() ?? [],
    policy: {
      allowLocalEnvironments: backend.options.allowLocalEnvironments,
      hasDeploymentE2bKey: backend.options.hasDeploymentE2bKey,
      leaseTimeoutMs: backend.options.leaseTimeoutMs,
    },
    counts: {
      environments: backend.db.environments.size,
      sessions: backend.db.sessions.size,
      turns: [...backend.db.sessions.values()].reduce((sum, session) => sum + session.turns.length, 0),
      injectedErrors: backend.injected.errors,
      lostAnswers: backend.injected.lostAnswers,
    },
  }
}

/** Every fault off again. */
export function clearFaults(backend: MockBackend): MockFaults {
  return backend.controls?.setFaults(noFaults) ?? Object.assign(backend.faults, structuredClone(noFaults))
}
