// Shared by the route focus (use-focus-management.ts) and the focus rescue (focus-rescue.ts), which
// loads later on its own.

export function isLost(): boolean {
  const active = document.activeElement
  return active === null || active === document.body || active === document.documentElement
}

// The headings focus was moved to by script, not by the reader.
const landings = new WeakSet<Element>()

/** Whether `target` is a heading focusHeading moved focus to. */
export function isLanding(target: EventTarget | null): boolean {
  return target instanceof Element && landings.has(target)
}

export function focusHeading(main: HTMLElement, fragment = ''): boolean {
  // A link to a part of a page (…#worker-guide) lands on that part, not on the page's top.
  const heading = fragment
    ? main.querySelector<HTMLElement>(`#${CSS.escape(fragment)}`)
    : main.querySelector<HTMLElement>('h1')
  if (!heading) return false
  // Focusable by script only: a heading is no Tab stop.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  landings.add(heading)
  heading.focus()
  return true
}
