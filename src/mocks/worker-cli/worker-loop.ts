import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { WorkerConfig } from './args'
import { runHandsTool } from './hands'
import {
  KeyRejectedError,
  ProtocolClient,
  ProtocolHttpError,
  type ToolResult,
  type WorkItem,
} from './protocol-client'
import { safeName, stageInputs, stageSkills } from './staging'

/**
 * HandsWorkerMain's loop: poll → ack → skills and inputs → (pending tools every second → run →
 * post results, a heartbeat every 15 s) until the item is released or taken over or the session
 * stays idle for `idleRounds`; then stop and poll again. Like upstream it polls only between
 * items, so while it works only its item's `updatedAt` shows it is alive (/api/hands/status
 * workerHeartbeats moves on polls only). ack, heartbeat and stop answer nothing, so the worker
 * learns what became of its item by reading it (`GET …/work/{workId}`) where the server allows a
 * worker key there; where it does not (upstream: 403), idle rounds end the item as upstream's do.
 * A rejected key ends the loop with KeyRejectedError.
 */
export type WorkerLog = (message: string) => void

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve()
    const wake = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', wake)
      resolve()
    }
    const timer = setTimeout(wake, ms)
    signal.addEventListener('abort', wake, { once: true })
  })

export class WorkerLoop {
  private readonly client: ProtocolClient
  /** Whether this server lets a worker read its item; learned from the first read. */
  private canReadWork = true

  constructor(
    private readonly config: WorkerConfig,
    private readonly log: WorkerLog,
  ) {
    this.client = new ProtocolClient(config.baseUrl, config.environmentId, config.environmentKey)
  }

  /** Runs until `signal` aborts; rejects with KeyRejectedError when the key stops working. */
  async run(signal: AbortSignal): Promise<void> {
    const { config } = this
    await mkdir(config.handsRoot, { recursive: true })
    this.log(`polling ${config.baseUrl} for environment ${config.environmentId} as ${config.workerId}`)
    let failures = 0
    while (!signal.aborted) {
      let item: WorkItem | null
      try {
        item = await this.client.poll(config.workerId, config.pollTimeoutMs)
        failures = 0
      } catch (error) {
        if (error instanceof KeyRejectedError) throw error
        // The Gateway is down or answered 5xx: back off and try again, as the Java worker does.
        failures += 1
        this.log(`poll failed (${describe(error)}); retrying`)
        await sleep(Math.min(30_000, config.pollIntervalMs * 2 ** Math.min(failures, 5)), signal)
        continue
      }
      if (!item) {
        await sleep(config.pollIntervalMs, signal)
        continue
      }
      await this.serve(item, signal)
    }
  }

  /**
   * Why the item is no longer this worker's (`stopped`: released; another `claimedBy`: taken over
   * after it looked stale), or null while it still is, or when the server does not say.
   */
  private async lostBecause(item: WorkItem): Promise<string | null> {
    if (!this.canReadWork) return null
    const current = await this.client.readWork(item.workId ?? item.id)
    if (current === null) {
      this.canReadWork = false
      this.log('this server does not let workers read their work items; idle rounds end an item instead')
      return null
    }
    if (current.status === 'stopped') return 'released by the server'
    if (current.claimedBy !== this.config.workerId)
      return `taken over by ${current.claimedBy ?? 'another worker'}`
    return null
  }

  private async prepare(item: WorkItem, workDir: string): Promise<void> {
    const { client, log } = this
    try {
      const skills = await stageSkills(workDir, await client.skills(item.sessionId), log)
      if (skills > 0) log(`staged ${skills} skill(s) into ${join(workDir, 'skills')}`)
    } catch (error) {
      if (error instanceof KeyRejectedError) throw error
      log(`skills download failed (${describe(error)})`)
    }
    const inputs = await stageInputs(workDir, item.metadata, log)
    if (inputs.length > 0) log(`staged ${inputs.join(', ')} into ${join(workDir, 'inputs')}`)
  }

  private async serve(item: WorkItem, signal: AbortSignal): Promise<void> {
    const { config, client } = this
    const workId = item.workId ?? item.id
    const workDir = join(config.handsRoot, safeName(item.sessionId, 'session'))
    await mkdir(workDir, { recursive: true })
    await client.ack(workId, { workerId: config.workerId, workDir })
    this.log(`claimed ${workId} for session ${item.sessionId} in ${workDir}`)
    await this.prepare(item, workDir)

    // Written by the heartbeat timer, read by the tool loop.
    const claim: { rejected: KeyRejectedError | null } = { rejected: null }
    const heartbeat = setInterval(() => {
      client.heartbeat(workId).catch((error: unknown) => {
        if (error instanceof KeyRejectedError) claim.rejected = error
      })
    }, config.heartbeatMs)

    let idleRounds = 0
    let ending: string | null = null
    let isOurs = true
    try {
      while (!signal.aborted && ending === null) {
        if (claim.rejected) throw claim.rejected
        const lost = await this.lostBecause(item)
        if (lost) {
          ending = lost
          isOurs = false
          break
        }
        const tools = await client.pendingTools(item.sessionId)
        if (tools.length === 0) {
          idleRounds += 1
          if (idleRounds >= config.idleRounds) ending = 'idle'
          else await sleep(config.toolPollMs, signal)
          continue
        }
        idleRounds = 0
        const results: ToolResult[] = []
        for (const tool of tools) {
          const outcome = await runHandsTool(workDir, tool.name, tool.input, config)
          this.log(`ran ${tool.name} (${outcome.isError ? 'error' : 'ok'})`)
          results.push({
            tool_use_id: tool.id,
            name: tool.name,
            content: outcome.content,
            is_error: outcome.isError,
          })
        }
        await client.postResults(item.sessionId, results)
      }
    } catch (error) {
      if (error instanceof KeyRejectedError) throw error
      ending = `error: ${describe(error)}`
    } finally {
      clearInterval(heartbeat)
    }
    // Quitting (signal) leaves the claim alone: stopping a worker does not cancel the task. An item
    // released or taken over is not this worker's to stop.
    if (signal.aborted || !isOurs) {
      this.log(`left ${workId} (${signal.aborted ? 'shutting down' : (ending ?? 'lost')})`)
      return
    }
    try {
      await client.stop(workId)
      this.log(`stopped ${workId} (${ending ?? 'done'})`)
    } catch (error) {
      if (error instanceof KeyRejectedError) throw error
      this.log(`could not stop ${workId}: ${describe(error)}`)
    }
  }
}

export function describe(error: unknown): string {
  if (error instanceof ProtocolHttpError) return `${error.status} ${error.code}: ${error.message}`
  return error instanceof Error ? error.message : String(error)
}
