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

/**
 * HandsWorkerMain's loop: poll → ack → (pending tools every second → run → post results) with a
 * heartbeat every 15 s, until the server releases the work (`stopping`), the lease is lost, or
 * the session stays idle; then poll again. A rejected key ends the loop with KeyRejectedError.
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

/** A directory name from server metadata, never a path: no separators, no `..`. */
function directoryName(value: unknown, fallback: string): string {
  const name = typeof value === 'string' ? value.replace(/[^A-Za-z0-9._-]/g, '_') : ''
  return name && name !== '.' && name !== '..' ? name : fallback.replace(/[^A-Za-z0-9._-]/g, '_')
}

export class WorkerLoop {
  private readonly client: ProtocolClient

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

  private async serve(item: WorkItem, signal: AbortSignal): Promise<void> {
    const { config, client } = this
    const workDir = join(config.handsRoot, directoryName(item.metadata.workspace, item.sessionId))
    await mkdir(workDir, { recursive: true })
    await client.ack(item.id, { workerId: config.workerId, workDir })
    this.log(`claimed ${item.id} for session ${item.sessionId} in ${workDir}`)

    // Written by the heartbeat timer, read by the tool loop.
    const claim: { ending: string | null; rejected: KeyRejectedError | null } = {
      ending: null,
      rejected: null,
    }
    const heartbeat = setInterval(() => {
      client.heartbeat(item.id, config.workerId).then(
        (current) => {
          if (current.status === 'stopping') claim.ending ??= 'released by the server'
        },
        (error: unknown) => {
          if (error instanceof KeyRejectedError) claim.rejected = error
          else if (error instanceof ProtocolHttpError && error.status === 404) claim.ending ??= 'lease lost'
        },
      )
    }, config.heartbeatMs)

    let idleRounds = 0
    try {
      while (!signal.aborted && claim.ending === null) {
        if (claim.rejected) throw claim.rejected
        const tools = await client.pendingTools(item.sessionId)
        if (tools.length === 0) {
          idleRounds += 1
          if (idleRounds >= config.idleRounds) claim.ending = 'idle'
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
            content: outcome.chunks.join(''),
            is_error: outcome.isError,
          })
        }
        await client.postResults(item.sessionId, results)
      }
    } catch (error) {
      if (error instanceof KeyRejectedError) throw error
      claim.ending = `error: ${describe(error)}`
    } finally {
      clearInterval(heartbeat)
    }
    // Quitting (signal) leaves the claim alone: stopping a worker does not cancel the task.
    if (signal.aborted || claim.ending === 'lease lost') {
      this.log(`left ${item.id} (${signal.aborted ? 'shutting down' : 'lease lost'})`)
      return
    }
    try {
      await client.stop(item.id, config.workerId)
      this.log(`stopped ${item.id} (${claim.ending ?? 'done'})`)
    } catch (error) {
      if (error instanceof KeyRejectedError) throw error
      this.log(`could not stop ${item.id}: ${describe(error)}`)
    }
  }
}

export function describe(error: unknown): string {
  if (error instanceof ProtocolHttpError) return `${error.status} ${error.code}: ${error.message}`
  return error instanceof Error ? error.message : String(error)
}
