import type { AnchorHTMLAttributes, Ref } from 'react'
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router'

/*
 * The console's in-app links, on react-router's public hooks. react-router's own Link and NavLink
 * also carry framework-mode machinery (route prefetching, lazy route discovery, masked URLs) that
 * the console's declarative routes never use, and importing them puts all of it in the first
 * download; ESLint keeps them out (eslint.config.js).
 */

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** An address in the console: absolute, or relative to the current route ("?tab=events", "#id"). */
  to: To
  /** Replace the current history entry instead of adding one (the default when `to` is the current address). */
  replace?: boolean
  /** History state handed to the next screen (`useLocation().state`). */
  state?: unknown
  ref?: Ref<HTMLAnchorElement>
}

export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to)
  // A plain left click navigates in place; a modified or middle click, or another target, is left
  // to the browser (new tab, new window, download), as with any link.
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target })
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) navigate(event)
      }}
    />
  )
}

export type NavLinkRenderProps = { isActive: boolean }

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  className?: string | ((state: NavLinkRenderProps) => string)
  /** Active only on exactly this address, not on the addresses below it. */
  end?: boolean
}

/**
 * Whether a link to `target` belongs to the page at `current`: the same path or, unless `end`, a
 * path below it ("/sessions" is active on "/sessions/s1"). Case-insensitive, as the routes are.
 */
export function isActivePath(current: string, target: string, end = false): boolean {
  const here = current.toLowerCase()
  const there = target.toLowerCase()
  // "/agents/" counts as "/agents" followed by its own slash.
  const boundary = there !== '/' && there.endsWith('/') ? there.length - 1 : there.length
  return here === there || (!end && here.startsWith(there) && here.charAt(boundary) === '/')
}

/** A navigation link that marks the page it leads to as the current one (`aria-current="page"`). */
export function NavLink({ className, end = false, ...rest }: NavLinkProps) {
  const { pathname } = useLocation()
  const isActive = isActivePath(pathname, useResolvedPath(rest.to).pathname, end)
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : rest['aria-current']}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  )
}
