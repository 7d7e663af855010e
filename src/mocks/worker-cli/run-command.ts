import { spawn } from 'node:child_process'
import type { ToolOutcome } from '../engine/tool-common'

/**
 * `execute` for the worker process: `/bin/sh -c` in the work directory, stdout and stderr merged
 * in arrival order, cut at `maxOutputBytes`, killed (its whole process group) after `timeoutMs`.
 */
export function runCommand(
  command: string,
  options: { cwd: string; executeTimeoutMs: number; maxOutputBytes: number },
): Promise<ToolOutcome> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', command], {
      cwd: options.cwd,
      // Its own process group, so a timeout also ends whatever the command started.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const chunks: Buffer[] = []
    let size = 0
    let isTruncated = false
    let isTimedOut = false
    const collect = (data: Buffer) => {
      if (size >= options.maxOutputBytes) {
        isTruncated = true
        return
      }
      const room = options.maxOutputBytes - size
      if (data.length > room) isTruncated = true
      const kept = data.subarray(0, room)
      chunks.push(kept)
      size += kept.length
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    const timer = setTimeout(() => {
      isTimedOut = true
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL')
        } catch {
          // Already gone.
        }
      }
    }, options.executeTimeoutMs)
    const finish = (code: number | null, error?: Error) => {
      clearTimeout(timer)
      let output = Buffer.concat(chunks).toString('utf8')
      if (isTruncated) output += `\n[output truncated at ${options.maxOutputBytes} bytes]\n`
      if (error) output += `Error: ${error.message}\n`
      if (isTimedOut) output += `Error: command timed out after ${options.executeTimeoutMs} ms\n`
      else if (code !== 0) output += `exit code ${code ?? 'unknown'}\n`
      resolve({ chunks: [output], isError: isTimedOut || code !== 0 || error !== undefined })
    }
    child.on('error', (error) => finish(null, error))
    child.on('close', (code) => finish(code))
  })
}
