import { useEffect } from 'react'
import type { CodeOnDemand } from './code-on-demand'
import { whenIdle } from './when-idle'

/**
 * Asks for `codes` once the browser is idle after the first commit with `enabled` (at the latest
 * after 5 s), so code that is not on the page's critical path is in before anyone needs it.
 * Unmounting or turning `enabled` off first cancels the wait. `codes` must be a stable list (a
 * module constant): a new array on every render would restart the wait.
 */
export function useIdlePrefetch(codes: readonly CodeOnDemand<unknown>[], enabled = true): void {
  useEffect(() => {
    if (!enabled || codes.every((code) => code.loaded() !== undefined)) return
    const abort = new AbortController()
    void whenIdle(abort.signal, 5000, 1000).then(() => {
      if (abort.signal.aborted) return
      // A prefetch that fails costs nothing: whoever needs the code asks again.
      for (const code of codes) code.load().catch(() => undefined)
    })
    return () => abort.abort()
  }, [codes, enabled])
}
