import type { MockBackend } from '../lib/backend'
import { CLAIMED_STATUSES } from '../lib/work-queue'
import { createWorkerProtocol } from '../lib/worker-protocol-core'
import type { Scheduler } from './scheduler'
import type { VirtualWorkerSpec, VirtualWorkerStatus } from '../lib/control-types'
import {
  DEMO_WORKER_TIMING,
  VirtualWorker,
  type VirtualWorkerDeps,
  type VirtualWorkerTiming,
} from './virtual-worker'

/** The virtual workers of one backend, by worker id. */
export class VirtualWorkerPool {
  private readonly workers = new Map<string, VirtualWorker>()
  private readonly deps: VirtualWorkerDeps

  constructor(
    backend: MockBackend,
    scheduler: Scheduler,
    timing: Partial<VirtualWorkerTiming>,
    onChange: () => void,
  ) {
    this.deps = {
      backend,
      protocol: createWorkerProtocol(backend),
      scheduler,
      timing: { ...DEMO_WORKER_TIMING, ...timing },
      onChange,
    }
  }

  /** A claim the worker holds in the db: its memory of the work it was doing before a restart. */
  private heldBy(workerId: string) {
    for (const item of this.deps.backend.db.workItems.values()) {
      if (item.claimedBy === workerId && CLAIMED_STATUSES.has(item.status)) return item
    }
    return undefined
  }

  /** Starts a worker (replacing one with the same id); it continues a claim it already holds. */
  start(spec: VirtualWorkerSpec): VirtualWorkerStatus {
    this.workers.get(spec.workerId)?.halt('stopped')
    const worker = new VirtualWorker(this.deps, spec)
    this.workers.set(spec.workerId, worker)
    if (!this.deps.backend.faults.workersOffline) worker.start(this.heldBy(spec.workerId))
    return worker.status()
  }

  restart(workerId: string, environmentKey?: string): VirtualWorkerStatus | null {
    const worker = this.workers.get(workerId)
    if (!worker) return null
    worker.restart(environmentKey)
    return worker.status()
  }

  kill(workerId: string): VirtualWorkerStatus | null {
    const worker = this.workers.get(workerId)
    if (!worker) return null
    worker.halt('killed', 'killed from the demo controls')
    return worker.status()
  }

  /** Every worker stops (workers offline, reset); `resumeAll` brings them back. */
  haltAll(): void {
    for (const worker of this.workers.values()) worker.halt('stopped')
  }

  resumeAll(): void {
    for (const worker of this.workers.values()) worker.start(this.heldBy(worker.workerId))
  }

  list(): VirtualWorkerStatus[] {
    return [...this.workers.values()].map((worker) => worker.status())
  }

  get(workerId: string): VirtualWorker | undefined {
    return this.workers.get(workerId)
  }
}
