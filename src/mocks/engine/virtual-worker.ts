import type { components } from '@/api/schema.gen'
import type { MockBackend } from '../lib/backend'
import type { EnvironmentRecord, WorkItemRecord } from '../db/types'
import type { VirtualWorkerSpec, VirtualWorkerState, VirtualWorkerStatus } from '../lib/control-types'
import { isProtocolError, type WorkerProtocol } from '../lib/worker-protocol-core'
import { runHandsToolInMemory } from './hands-memory'
import { sanitizeName } from './hands-format'
import type { Cancel, Scheduler } from './scheduler'
import { openWorkspace } from './workspace-files'

type ToolResult = components['schemas']['ToolResult']

/**
 * A self-hosted worker living inside the mock, for the browser demo: it runs the HandsWorkerMain
 * loop (poll → ack → skills → pending tools every second → run → post results, heartbeat every
 * 15 s, stop after about 120 idle rounds) through the same protocol functions as the HTTP routes,
 * and keeps its own working files. It polls only between items, so while it works only its item's
 * `updatedAt` moves. It reads its item to learn that the server released it or another worker
 * took it over. It can be killed (it just goes silent, as a crashed process would) and restarted
 * with a new key.
 */
export type VirtualWorkerTiming = {
  /** Between polls while idle (the mock answers a poll at once, so this stands in for long-polling). */
  pollMs: number
  /** Between pending-tools fetches while holding work (upstream: 1 s). */
  toolPollMs: number
  /** Lease keep-alive (upstream: 15 s). */
  heartbeatMs: number
  /** Empty pending-tools rounds after which the worker stops its work item (upstream: about 120). */
  idleRoundsBeforeStop: number
}

export const DEMO_WORKER_TIMING: VirtualWorkerTiming = {
  pollMs: 2_000,
  toolPollMs: 1_000,
  heartbeatMs: 15_000,
  idleRoundsBeforeStop: 120,
}

export type VirtualWorkerDeps = {
  backend: MockBackend
  protocol: WorkerProtocol
  scheduler: Scheduler
  timing: VirtualWorkerTiming
  /** After a claim, posted results or a released claim; empty polls and heartbeats are not worth a save. */
  onChange: () => void
}

type Claim = { workId: string; sessionId: string; workDir: string }

export class VirtualWorker {
  private state: VirtualWorkerState = 'stopped'
  private claim: Claim | null = null
  /** Bumped whenever the worker stops, so tasks of its previous life do nothing. */
  private life = 0
  private readonly timers = new Set<Cancel>()
  private idleRounds = 0
  private lastError: string | null = null

  constructor(
    private readonly deps: VirtualWorkerDeps,
    private spec: VirtualWorkerSpec,
  ) {}

  get workerId(): string {
    return this.spec.workerId
  }

  status(): VirtualWorkerStatus {
    return {
      workerId: this.spec.workerId,
      environmentId: this.spec.environmentId,
      state: this.state,
      workId: this.claim?.workId ?? null,
      lastError: this.lastError,
    }
  }

  /** Starts polling, or continues a claim it held before (the demo's seeded work, or after a reload). */
  start(held?: WorkItemRecord): void {
    this.halt('stopped')
    this.lastError = null
    if (held) this.hold(held)
    else {
      this.state = 'polling'
      this.later(0, () => this.poll())
    }
  }

  /** Restarts the process, optionally with a new key (after a rotation). */
  restart(environmentKey?: string): void {
    if (environmentKey) this.spec = { ...this.spec, environmentKey }
    this.start()
  }

  /** Ends every loop at once; `killed` leaves the claim as the server has it, until another worker takes it over. */
  halt(state: 'stopped' | 'killed' | 'key_rejected', reason?: string): void {
    this.life += 1
    for (const cancel of this.timers) cancel()
    this.timers.clear()
    this.state = state
    this.claim = null
    if (reason) this.lastError = reason
  }

  private later(delayMs: number, task: () => Promise<void>): void {
    const life = this.life
    const cancel = this.deps.scheduler.schedule(delayMs, async () => {
      this.timers.delete(cancel)
      if (life !== this.life) return
      await task()
    })
    this.timers.add(cancel)
  }

  /** `<hands root>/<sanitize(sessionId)>`, as HandsWorkerMain names a session's directory. */
  private workDirOf(sessionId: string): string {
    return `/home/${this.spec.workerId}/hands/${sanitizeName(sessionId)}`
  }

  private async environment(): Promise<EnvironmentRecord | null> {
    const life = this.life
    const env = await this.deps.protocol.authenticate(this.spec.environmentId, this.spec.environmentKey)
    if (life !== this.life) return null
    if (isProtocolError(env)) {
      // Like the worker process, a rejected key ends the worker; it needs a restart with the new key.
      this.halt('key_rejected', `${env.status} ${env.code}: ${env.message}`)
      return null
    }
    return env
  }

  private hold(item: WorkItemRecord): void {
    const claim = {
      workId: item.id,
      sessionId: item.sessionId,
      workDir: item.workDir ?? this.workDirOf(item.sessionId),
    }
    this.claim = claim
    this.state = 'working'
    this.idleRounds = 0
    this.later(this.deps.timing.toolPollMs, () => this.work(claim))
    this.later(this.deps.timing.heartbeatMs, () => this.beat(claim))
  }

  /** Back to polling after the claim ended (stopped, released by the server, or taken over). */
  private release(claim: Claim): void {
    if (this.claim !== claim) return
    this.claim = null
    this.state = 'polling'
    this.later(this.deps.timing.pollMs, () => this.poll())
    this.deps.onChange()
  }

  private async poll(): Promise<void> {
    const env = await this.environment()
    if (!env) return
    const { protocol, timing, backend } = this.deps
    const polled = protocol.poll(env, this.spec.workerId)
    if (!polled) {
      this.later(timing.pollMs, () => this.poll())
      return
    }
    const { item } = polled
    const workDir = this.workDirOf(item.sessionId)
    const refused = protocol.ack(env, item.id, { workerId: this.spec.workerId, workDir })
    if (refused) {
      this.lastError = refused.message
      this.later(timing.pollMs, () => this.poll())
      return
    }
    if (backend.faults.killWorkerMidClaim) {
      // One-shot: this worker dies holding the claim; it stays active under this worker until it
      // goes stale and another worker's poll takes it over.
      backend.faults.killWorkerMidClaim = false
      this.halt('killed', `killed after claiming ${item.id} (injected fault)`)
      return
    }
    this.stageSkills(env, item.sessionId, workDir)
    this.hold(item)
    this.deps.onChange()
  }

  /** Like HandsWorkerMain: the session's skills land in `<workDir>/skills/<name>/` before any tool runs. */
  private stageSkills(env: EnvironmentRecord, sessionId: string, workDir: string): void {
    const bundle = this.deps.protocol.skills(env, sessionId)
    if (isProtocolError(bundle)) return
    const files = openWorkspace(this.deps.backend.db, `worker:${this.spec.workerId}${workDir}`)
    for (const skill of bundle.skills) {
      if (skill.skillContent !== undefined) files.set(`skills/${skill.name}/SKILL.md`, skill.skillContent)
    }
  }

  /** The item as the server sees it now: still ours, or released (stopped) or taken over. */
  private stillOurs(env: EnvironmentRecord, claim: Claim): boolean {
    const item = this.deps.protocol.readWork(env, claim.workId)
    return item !== null && item.status !== 'stopped' && item.claimedBy === this.spec.workerId
  }

  private async work(claim: Claim): Promise<void> {
    const env = await this.environment()
    if (!env || this.claim !== claim) return
    const { protocol, timing, backend } = this.deps
    if (!this.stillOurs(env, claim)) {
      this.release(claim)
      return
    }
    const tools = protocol.pendingTools(env, claim.sessionId)
    if (isProtocolError(tools)) {
      this.lastError = tools.message
      this.release(claim)
      return
    }
    if (tools.length === 0) {
      this.idleRounds += 1
      if (this.idleRounds >= timing.idleRoundsBeforeStop) {
        protocol.stop(env, claim.workId)
        this.release(claim)
        return
      }
      this.later(timing.toolPollMs, () => this.work(claim))
      return
    }
    this.idleRounds = 0
    const files = openWorkspace(backend.db, `worker:${this.spec.workerId}${claim.workDir}`)
    const shell = { user: 'worker', hostname: this.spec.workerId, now: backend.clock.now() }
    // What HandsWorkerMain posts: LocalHandsToolExecutor's content and error flag, per call.
    const results: ToolResult[] = tools.map((tool) => {
      const outcome = runHandsToolInMemory(files, claim.workDir, tool.name, tool.input, shell)
      return { tool_use_id: tool.id, name: tool.name, content: outcome.content, is_error: outcome.isError }
    })
    // A slow tool (fault): the results arrive later; meanwhile only the heartbeat runs, no poll.
    const busyMs = backend.faults.slowToolMs * tools.length
    this.later(busyMs, async () => {
      const current = await this.environment()
      if (!current || this.claim !== claim) return
      const posted = protocol.postToolResults(current, claim.sessionId, results)
      if (isProtocolError(posted)) this.lastError = posted.message
      this.deps.onChange()
      this.later(timing.toolPollMs, () => this.work(claim))
    })
  }

  private async beat(claim: Claim): Promise<void> {
    const env = await this.environment()
    if (!env || this.claim !== claim) return
    this.deps.protocol.heartbeat(env, claim.workId)
    this.later(this.deps.timing.heartbeatMs, () => this.beat(claim))
  }
}
