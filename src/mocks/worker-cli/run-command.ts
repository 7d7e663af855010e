import { spawn } from 'node:child_process'
import { constants } from 'node:os'
import { formatShellResult, handsError, handsText, type HandsResult } from '../engine/hands-format'

/**
 * `execute` for the worker process, as LocalHandsToolExecutor.execShell runs it: `/bin/bash -lc`
 * in the work directory with stderr merged into stdout (one pipe, so lines keep their order),
 * stdin an open pipe nobody writes to, the capture stopped at `maxOutputBytes` (the pipe is then
 * closed, as the drain thread's `break` closes it, so a writer that goes on gets SIGPIPE), and
 * the whole process group killed after `timeoutSeconds`. A process killed by a signal reports
 * 128 + the signal, as Java's `exitValue` does.
 */
export function runCommand(
  command: string,
  options: { cwd: string; timeoutSeconds: number; maxOutputBytes: number },
): Promise<HandsResult> {
  return new Promise((resolve) => {
    const child = spawn('/bin/sh', ['-c', 'exec /bin/bash -lc "$1" 2>&1', 'sh', command], {
      cwd: options.cwd,
      // Its own process group, so a timeout also ends whatever the command started.
      detached: true,
      stdio: ['pipe', 'pipe', 'ignore'],
    })
    const chunks: Buffer[] = []
    let size = 0
    let isTimedOut = false
    child.stdout.on('data', (data: Buffer) => {
      const room = options.maxOutputBytes - size
      const kept = data.subarray(0, Math.max(0, room))
      chunks.push(kept)
      size += kept.length
      if (size >= options.maxOutputBytes) child.stdout.destroy()
    })
    const timer = setTimeout(
      () => {
        isTimedOut = true
        if (child.pid !== undefined) {
          try {
            process.kill(-child.pid, 'SIGKILL')
          } catch {
            // Already gone.
          }
        }
      },
      Math.max(1, options.timeoutSeconds) * 1000,
    )
    let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null
    let isDrained = false
    let isSettled = false
    const settle = (result: HandsResult) => {
      if (isSettled) return
      isSettled = true
      clearTimeout(timer)
      child.stdin.destroy()
      child.stdout.destroy()
      resolve(result)
    }
    const finish = () => {
      if (!exited) return
      if (isTimedOut) return settle(handsError(handsText.timedOut(options.timeoutSeconds)))
      const { code, signal } = exited
      const exitCode = code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0)
      settle(
        formatShellResult(exitCode, Buffer.concat(chunks).toString('utf8'), size, options.maxOutputBytes),
      )
    }
    child.on('error', (error) =>
      settle(handsError(`Cannot run program "/bin/bash" (in directory "${options.cwd}"): ${error.message}`)),
    )
    child.stdout.on('close', () => {
      isDrained = true
      finish()
    })
    // Like `drain.join(1000)`: output still held open by a background process is waited for 1 s.
    child.on('exit', (code, signal) => {
      exited = { code, signal }
      if (isDrained) finish()
      else setTimeout(finish, 1000)
    })
  })
}
