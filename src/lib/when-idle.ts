/**
 * Resolves when the browser next has an idle moment (after the frames it is busy drawing), at the
 * latest after `timeoutMs`, or at once when `signal` (if any) aborts: the caller then sees the abort
 * in its next step. Where `requestIdleCallback` is absent (Safari, test DOMs) it waits `fallbackMs`.
 */
export function whenIdle(signal: AbortSignal | undefined, timeoutMs: number, fallbackMs = 50): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve()
    let cancel: () => void
    const done = () => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }
    const onAbort = () => {
      cancel()
      done()
    }
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(done, { timeout: timeoutMs })
      cancel = () => cancelIdleCallback(handle)
    } else {
      const handle = setTimeout(done, Math.min(fallbackMs, timeoutMs))
      cancel = () => clearTimeout(handle)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
