import { useEffect, useEffectEvent, useRef, type RefObject } from 'react'
import { useLocation } from 'react-router'
import { focusHeading, isLanding, isLost } from './focus-targets'
import { afterNextPaint } from '@/lib/after-next-paint'

/** How long a new page may take to show its heading (lazy chunk, first data) before focus waits on main. */
const HEADING_WAIT_MS = 5000

/**
 * On every new address (not on the first load of the console's page, where focus is the
 * browser's), focus moves to the new page's heading once it is shown, so keyboard and screen
 * reader users start at the top of what changed instead of on a link that no longer matters or
 * on <body>.
 */
export function useRouteFocus(mainRef: RefObject<HTMLElement | null>) {
  const { pathname, hash } = useLocation()
  // Read when the address changes, not a reason to move focus by itself.
  const currentFragment = useEffectEvent(() => decodeURIComponent(hash.slice(1)))
  const isFirst = useRef(true)
  useEffect(() => {
    const first = isFirst.current
    isFirst.current = false
    const main = mainRef.current
    // The shell mounts on a fresh page load or right after signing in; only the latter leaves
    // focus on <body> with a control gone.
    if (!main || (first && !isLost())) return
    const target = currentFragment()
    // Landing once is not enough while the page settles: a part that suspends after the heading
    // is shown (a tab's code or strings) hides the page and drops focus to <body>, and a heading
    // rendered again is a new element. Until the reader presses a key or the pointer, or
    // HEADING_WAIT_MS pass, focus that is lost goes back to the heading.
    let hasLanded = false
    const land = () => {
      if (!hasLanded || isLost()) hasLanded = landOnHeading(main, target) || hasLanded
    }
    // Focus moves once the page is drawn, not in the commit that draws it: focusing lays the page
    // out, and on a first screen that commit is the one with its rows, so that layout ran before
    // their first paint and the browser laid the page out again to paint it (40 ms on the
    // environment list here).
    let cancelLanding: (() => void) | null = null
    const landAfterPaint = () => {
      cancelLanding ??= afterNextPaint(() => {
        cancelLanding = null
        land()
      })
    }
    landAfterPaint()
    const observer = new MutationObserver(() => {
      if (!hasLanded || isLost()) landAfterPaint()
    })
    const timer = window.setTimeout(() => {
      stop()
      if (isLost() && !focusHeading(main)) main.focus()
    }, HEADING_WAIT_MS)
    function stop() {
      observer.disconnect()
      cancelLanding?.()
      cancelLanding = null
      window.clearTimeout(timer)
      document.removeEventListener('keydown', stop, true)
      document.removeEventListener('pointerdown', stop, true)
    }
    document.addEventListener('keydown', stop, true)
    document.addEventListener('pointerdown', stop, true)
    // Attributes too: a page shown again after suspending only loses its `display: none`.
    observer.observe(main, { childList: true, subtree: true, attributes: true })
    return stop
  }, [pathname, mainRef])
}

/** Focuses the heading (or the fragment's target) and says whether focus is now on it. */
function landOnHeading(main: HTMLElement, fragment: string): boolean {
  return focusHeading(main, fragment) && !isLost()
}

/**
 * When the focused control is removed (a row that went away, a form replaced by its result) or
 * disabled (a button while its request runs), browsers drop focus to <body>, and keyboard users
 * start over from the top of the page; focus-rescue.ts puts it back nearby. Its code loads with
 * the first focus on the page, not with the first screen: before anything has focus, nothing can
 * lose it.
 */
export function useFocusRescue(mainRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    let uninstall: (() => void) | undefined
    let isMounted = true
    function onFirstFocus(event: FocusEvent) {
      // Not for the new page's heading the route focus lands on: that one it keeps itself while
      // the page settles (above), and loading the rescue for it put its download on every first
      // visit. The first control the reader moves to loads it.
      if (isLanding(event.target)) return
      document.removeEventListener('focusin', onFirstFocus)
      import('./focus-rescue').then(
        ({ installFocusRescue }) => {
          if (isMounted) uninstall = installFocusRescue(mainRef, event.target)
        },
        () => {
          // Not downloaded: the next focus tries again.
          if (isMounted) document.addEventListener('focusin', onFirstFocus)
        },
      )
    }
    document.addEventListener('focusin', onFirstFocus)
    return () => {
      isMounted = false
      document.removeEventListener('focusin', onFirstFocus)
      uninstall?.()
    }
  }, [mainRef])
}
