import type { ApiVariant } from './api-variant'
import type { MockFaults } from './faults'

/**
 * The shapes of the demo's control surface, shared by the engine (which implements it), the
 * mock-only `/__mock/*` routes and the Demo panel's client. Types only.
 */
export type VirtualWorkerSpec = { workerId: string; environmentId: string; environmentKey: string }

/** `key_rejected`: the key got a 401 (rotated); `killed`: died (fault or demo); `stopped`: shut down. */
export type VirtualWorkerState = 'polling' | 'working' | 'stopped' | 'key_rejected' | 'killed'

export type VirtualWorkerStatus = {
  workerId: string
  environmentId: string
  state: VirtualWorkerState
  /** The work item it holds. */
  workId: string | null
  lastError: string | null
}

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
  policy: {
    allowLocalEnvironments: boolean
    hasDeploymentE2bKey: boolean
    workStaleMs: number
    apiVariant: ApiVariant
  }
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
