import type { RefObject } from 'react'
import { focusHeading, isLost } from './focus-targets'

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Later than a closing dialog's own return of focus to its trigger (Radix does it after 0 ms). */
const RESCUE_DELAY_MS = 30
/** How long focus parked away from a disabled control waits for it to come back. */
const REENABLE_WAIT_MS = 30_000

function isDisabled(element: Element): boolean {
  return element.matches(':disabled')
}

function focusFirstTabbable(container: Element): boolean {
  for (const candidate of container.querySelectorAll<HTMLElement>(TABBABLE)) {
    if (candidate.checkVisibility?.() === false) continue
    candidate.focus()
    if (document.activeElement === candidate) return true
  }
  return false
}

function ancestorsOf(target: EventTarget | null): Element[] {
  const ancestors: Element[] = []
  for (let node = target instanceof Element ? target.parentElement : null; node; node = node.parentElement)
    ancestors.push(node)
  return ancestors
}

/**
 * When the focused control is removed (a row that went away, a form replaced by its result) or
 * disabled (a button while its request runs), browsers drop focus to <body>, and keyboard users
 * start over from the top of the page. This puts it back nearby: on the first control left in
 * the nearest surviving container, or the page heading; a disabled control gets focus back when
 * it is enabled again, if the user has not moved on.
 */
export function installFocusRescue(
  mainRef: RefObject<HTMLElement | null>,
  firstFocused: EventTarget | null,
): () => void {
  // The focused element's ancestors, recorded on focus: once it is removed, they are the way
  // back to where it was.
  let ancestors: Element[] = ancestorsOf(firstFocused)
  let pending: number | undefined
  let stopWaiting: (() => void) | undefined

  function onFocusIn(event: FocusEvent) {
    ancestors = ancestorsOf(event.target)
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
        if (near instanceof HTMLElement && !near.hasAttribute('tabindex')) near.setAttribute('tabindex', '-1')
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
}
