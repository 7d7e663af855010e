import { useEffect, useEffectEvent, useRef, type RefObject } from 'react'
import { useLocation } from 'react-router'

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** How long a new page may take to show its heading (lazy chunk, first data) before focus waits on main. */
const HEADING_WAIT_MS = 5000
/** Later than a closing dialog's own return of focus to its trigger (Radix does it after 0 ms). */
const RESCUE_DELAY_MS = 30
/** How long focus parked away from a disabled control waits for it to come back. */
const REENABLE_WAIT_MS = 30_000

function isDisabled(element: Element): boolean {
  return element.matches(':disabled')
}

function isLost(): boolean {
  const active = document.activeElement
  return active === null || active === document.body || active === document.documentElement
}

function focusHeading(main: HTMLElement, fragment = ''): boolean {
  // A link to a part of a page (…#worker-guide) lands on that part, not on the page's top.
  const heading = fragment
    ? main.querySelector<HTMLElement>(`#${CSS.escape(fragment)}`)
    : main.querySelector<HTMLElement>('h1')
  if (!heading) return false
  // Focusable by script only: a heading is no Tab stop.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus()
  return true
}

function focusFirstTabbable(container: Element): boolean {
  for (const candidate of container.querySelectorAll<HTMLElement>(TABBABLE)) {
    if (candidate.checkVisibility?.() === false) continue
    candidate.focus()
    if (document.activeElement === candidate) return true
  }
  return false
}

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
    if (focusHeading(main, target)) return
    const observer = new MutationObserver(() => {
      if (focusHeading(main, target)) stop()
    })
    const timer = window.setTimeout(() => {
      stop()
      if (isLost() && !focusHeading(main)) main.focus()
    }, HEADING_WAIT_MS)
    function stop() {
      observer.disconnect()
      window.clearTimeout(timer)
    }
    observer.observe(main, { childList: true, subtree: true })
    return stop
  }, [pathname, mainRef])
}

/**
 * When the focused control is removed (a row that went away, a form replaced by its result) or
 * disabled (a button while its request runs), browsers drop focus to <body>, and keyboard users
 * start over from the top of the page. This puts it back nearby: on the first control left in
 * the nearest surviving container, or the page heading; a disabled control gets focus back when
 * it is enabled again, if the user has not moved on.
 */
export function useFocusRescue(mainRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    // The focused element's ancestors, recorded on focus: once it is removed, they are the way
    // back to where it was.
    let ancestors: Element[] = []
    let pending: number | undefined
    let stopWaiting: (() => void) | undefined

    function onFocusIn(event: FocusEvent) {
      ancestors = []
      for (
        let node = event.target instanceof Element ? event.target.parentElement : null;
        node;
        node = node.parentElement
      )
        ancestors.push(node)
    }

    function park(near: Element | undefined): boolean {
      const main = mainRef.current
      const container = near ?? main
      if (!container || !main) return false
      const isInsidePage = main.contains(container) && container !== main
      return (isInsidePage && focusFirstTabbable(container)) || focusHeading(main) || (main.focus(), true)
    }

    function waitForEnable(control: HTMLElement, parkedOn: Element | null) {
      stopWaiting?.()
      const observer = new MutationObserver(() => {
        if (!control.isConnected) return stop()
        if (isDisabled(control)) return
        stop()
        if (document.activeElement === parkedOn) control.focus()
      })
      const timer = window.setTimeout(stop, REENABLE_WAIT_MS)
      function stop() {
        observer.disconnect()
        window.clearTimeout(timer)
        stopWaiting = undefined
      }
      observer.observe(control, { attributes: true, attributeFilter: ['disabled'] })
      stopWaiting = stop
    }

    function onFocusOut(event: FocusEvent) {
      if (event.relatedTarget !== null || !(event.target instanceof HTMLElement)) return
      const control = event.target
      const path = ancestors
      window.clearTimeout(pending)
      // A dialog closing puts focus back on its trigger itself: only what is still lost after it.
      pending = window.setTimeout(() => {
        if (!isLost() || !document.hasFocus()) return
        if (control.isConnected && !isDisabled(control)) return // the user clicked on nothing
        if (control.isConnected) {
          const near = control.closest('form, section, [role="dialog"], [role="tabpanel"], [role="region"]')
          if (near instanceof HTMLElement && !near.hasAttribute('tabindex'))
            near.setAttribute('tabindex', '-1')
          if (near instanceof HTMLElement) near.focus()
          else park(undefined)
          waitForEnable(control, document.activeElement)
          return
        }
        park(
          path.find(
            (ancestor) =>
              ancestor.isConnected && ancestor !== document.body && ancestor !== document.documentElement,
          ),
        )
      }, RESCUE_DELAY_MS)
    }

    document.addEventListener('focusin', onFocusIn)
    document.addEventListener('focusout', onFocusOut)
    return () => {
      document.removeEventListener('focusin', onFocusIn)
      document.removeEventListener('focusout', onFocusOut)
      window.clearTimeout(pending)
      stopWaiting?.()
    }
  }, [mainRef])
}
