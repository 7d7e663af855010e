import type { MockBackend } from '../lib/backend'
import { sanitizeFaults } from '../lib/faults'
import type { MockControls, MockControlState } from '../lib/control-types'
import type { VirtualWorkerPool } from './worker-pool'

/**
 * The demo's control surface (lib/control-types.ts) over this backend's faults and virtual
 * workers. The console's Demo panel reaches it through the mock-only `/__mock/*` routes; tests
 * may call it directly through `backend.controls`.
 */
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
      workStaleMs: backend.options.workStaleMs,
      apiVariant: backend.options.apiVariant,
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
