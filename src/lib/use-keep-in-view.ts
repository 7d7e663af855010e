import { useEffect, type RefObject } from 'react'

/** How long a linked element is held in view while the page around it is still loading. */
export const KEEP_IN_VIEW_MS = 5_000

/**
 * Scrolls `ref`'s element into view once per `key`, then keeps it there while the page around it
 * settles: a table above it growing from its spinner, or names arriving, would otherwise push the
 * element a link opened out of sight. Reading the element's box once a frame is cheap and works
 * whichever element scrolls. The hold ends after KEEP_IN_VIEW_MS or at the reader's first scroll,
 * click, touch or key: from then on the page is theirs. A new `key` (another linked item) starts
 * again; the same key re-rendered (a refresh of the list) does not pull the page back.
 */
export function useKeepInView(ref: RefObject<HTMLElement | null>, key: string | null) {
  useEffect(() => {
    const element = ref.current
    if (!key || !element) return
    element.scrollIntoView({ block: 'center' })
    const startedAt = performance.now()
    let frame = 0
    const isOutOfView = () => {
      const box = element.getBoundingClientRect()
      return box.bottom <= 0 || box.top >= window.innerHeight
    }
    const hold = () => {
      if (performance.now() - startedAt > KEEP_IN_VIEW_MS) return stop()
      if (element.isConnected && isOutOfView()) element.scrollIntoView({ block: 'center' })
      frame = requestAnimationFrame(hold)
    }
    const interactions = ['wheel', 'pointerdown', 'touchstart', 'keydown'] as const
    function stop() {
      cancelAnimationFrame(frame)
      for (const type of interactions) window.removeEventListener(type, stop, true)
    }
    for (const type of interactions) window.addEventListener(type, stop, { capture: true, passive: true })
    frame = requestAnimationFrame(hold)
    return stop
  }, [ref, key])
}
