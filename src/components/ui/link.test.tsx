import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef, type ReactNode } from 'react'
import { MemoryRouter, Route, Routes, useLocation, useNavigate, useNavigationType } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { isActivePath, Link, NavLink } from './link'

/** Where the router is, as a user of the page would read it, plus how it got there. */
function Where() {
  const location = useLocation()
  const state: unknown = location.state
  return (
    <output aria-label="where">
      {`${location.pathname}${location.search}${location.hash} ${useNavigationType()} ${JSON.stringify(state ?? null)}`}
    </output>
  )
}

function Back() {
  const navigate = useNavigate()
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      back
    </button>
  )
}

function renderAt(entries: string[], links: ReactNode) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {links}
              <Where />
              <Back />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  )
}

const where = () => screen.getByRole('status', { name: 'where' }).textContent

// Whether the link took the click over; the browser's own follow-up (jsdom does not navigate) is
// stopped after the check so the test document stays put.
let lastClickPrevented: boolean | undefined
function recordClick(event: MouseEvent) {
  lastClickPrevented = event.defaultPrevented
  event.preventDefault()
}
beforeEach(() => {
  lastClickPrevented = undefined
  document.addEventListener('click', recordClick)
})
afterEach(() => document.removeEventListener('click', recordClick))

describe('Link', () => {
  it('renders the address it leads to, for a string or an object', () => {
    renderAt(
      ['/sessions/s1'],
      <>
        <Link to="/environments/env%201">absolute</Link>
        <Link to="?tab=events&event=e1">query</Link>
        <Link to="#required-actions">hash</Link>
        <Link to={{ pathname: '/agents', search: '?status=archived' }}>object</Link>
      </>,
    )
    expect(screen.getByRole('link', { name: 'absolute' })).toHaveAttribute('href', '/environments/env%201')
    expect(screen.getByRole('link', { name: 'query' })).toHaveAttribute(
      'href',
      '/sessions/s1?tab=events&event=e1',
    )
    expect(screen.getByRole('link', { name: 'hash' })).toHaveAttribute(
      'href',
      '/sessions/s1#required-actions',
    )
    expect(screen.getByRole('link', { name: 'object' })).toHaveAttribute('href', '/agents?status=archived')
  })

  it('a plain click navigates in the page and adds a history entry', async () => {
    const user = userEvent.setup()
    renderAt(['/environments'], <Link to="/agents?status=active">agents</Link>)
    await user.click(screen.getByRole('link', { name: 'agents' }))
    expect(lastClickPrevented).toBe(true)
    expect(where()).toBe('/agents?status=active PUSH null')
    await user.click(screen.getByRole('button', { name: 'back' }))
    expect(where()).toBe('/environments POP null')
  })

  it('`replace` takes the place of the current entry, and `state` reaches the next screen', async () => {
    const user = userEvent.setup()
    renderAt(
      ['/start', '/environments'],
      <Link to="/sessions" replace state={{ from: 'list' }}>
        sessions
      </Link>,
    )
    await user.click(screen.getByRole('link', { name: 'sessions' }))
    expect(where()).toBe('/sessions REPLACE {"from":"list"}')
    await user.click(screen.getByRole('button', { name: 'back' }))
    expect(where()).toBe('/start POP null')
  })

  it('a link to the current address replaces the entry instead of stacking a copy', async () => {
    const user = userEvent.setup()
    renderAt(['/environments'], <Link to="/environments">again</Link>)
    await user.click(screen.getByRole('link', { name: 'again' }))
    expect(where()).toBe('/environments REPLACE null')
  })

  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Meta', { metaKey: true }],
    ['Shift', { shiftKey: true }],
    ['Alt', { altKey: true }],
    ['middle button', { button: 1 }],
  ])('a %s click is left to the browser (new tab or window)', (_name, init) => {
    renderAt(['/environments'], <Link to="/agents">agents</Link>)
    fireEvent.click(screen.getByRole('link', { name: 'agents' }), init)
    expect(lastClickPrevented).toBe(false)
    expect(where()).toBe('/environments POP null')
  })

  it('a link with another target is left to the browser', async () => {
    const user = userEvent.setup()
    renderAt(
      ['/environments'],
      <Link to="/agents" target="_blank" rel="noreferrer">
        agents
      </Link>,
    )
    const link = screen.getByRole('link', { name: 'agents' })
    expect(link).toHaveAttribute('target', '_blank')
    await user.click(link)
    expect(lastClickPrevented).toBe(false)
    expect(where()).toBe('/environments POP null')
  })

  it('runs its own onClick first, and stays put when that handler prevents the navigation', async () => {
    const user = userEvent.setup()
    const clicks: string[] = []
    renderAt(
      ['/environments'],
      <>
        <Link to="/agents" onClick={() => clicks.push('open')}>
          open
        </Link>
        <Link to="/sessions" onClick={(event) => event.preventDefault()}>
          blocked
        </Link>
      </>,
    )
    await user.click(screen.getByRole('link', { name: 'blocked' }))
    expect(where()).toBe('/environments POP null')
    await user.click(screen.getByRole('link', { name: 'open' }))
    expect(clicks).toEqual(['open'])
    expect(where()).toBe('/agents PUSH null')
  })

  it('passes its ref and other attributes to the anchor', () => {
    const ref = createRef<HTMLAnchorElement>()
    renderAt(
      ['/environments'],
      <Link ref={ref} to="/agents" className="text-primary" aria-describedby="hint">
        agents
      </Link>,
    )
    const link = screen.getByRole('link', { name: 'agents' })
    expect(ref.current).toBe(link)
    expect(link).toHaveClass('text-primary')
    expect(link).toHaveAttribute('aria-describedby', 'hint')
  })

  it('is reachable and followed from the keyboard', async () => {
    const user = userEvent.setup()
    renderAt(['/environments'], <Link to="/agents">agents</Link>)
    await user.tab()
    expect(screen.getByRole('link', { name: 'agents' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(where()).toBe('/agents PUSH null')
  })
})

describe('NavLink', () => {
  const nav = (
    <nav>
      <NavLink to="/environments" className={({ isActive }) => (isActive ? 'on' : 'off')}>
        Environments
      </NavLink>
      <NavLink to="/sessions" className={({ isActive }) => (isActive ? 'on' : 'off')}>
        Sessions
      </NavLink>
      <NavLink to="/agents" end className="plain">
        Agents
      </NavLink>
    </nav>
  )

  it('marks the link to the current page with aria-current="page" and its active class', () => {
    renderAt(['/sessions'], nav)
    const sessions = screen.getByRole('link', { name: 'Sessions' })
    const environments = screen.getByRole('link', { name: 'Environments' })
    expect(sessions).toHaveAttribute('aria-current', 'page')
    expect(sessions).toHaveClass('on')
    expect(environments).not.toHaveAttribute('aria-current')
    expect(environments).toHaveClass('off')
  })

  it('stays current on the pages below it, unless `end`', () => {
    renderAt(['/sessions/s1'], nav)
    expect(screen.getByRole('link', { name: 'Sessions' })).toHaveAttribute('aria-current', 'page')
  })

  it('with `end`, is current only on its own address; a string class passes through', () => {
    const { unmount } = renderAt(['/agents/a1'], nav)
    expect(screen.getByRole('link', { name: 'Agents' })).not.toHaveAttribute('aria-current')
    expect(screen.getByRole('link', { name: 'Agents' })).toHaveAttribute('class', 'plain')
    unmount()
    renderAt(['/agents'], nav)
    expect(screen.getByRole('link', { name: 'Agents' })).toHaveAttribute('aria-current', 'page')
  })

  it('follows navigation: the mark moves to the page the user opened', async () => {
    const user = userEvent.setup()
    renderAt(['/environments'], nav)
    await user.click(screen.getByRole('link', { name: 'Sessions' }))
    expect(screen.getByRole('link', { name: 'Sessions' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Environments' })).not.toHaveAttribute('aria-current')
  })
})

describe('isActivePath', () => {
  it.each([
    ['/sessions', '/sessions', false, true],
    ['/sessions/s1', '/sessions', false, true],
    ['/sessions/s1', '/sessions', true, false],
    ['/sessionsx', '/sessions', false, false],
    ['/Sessions', '/sessions', false, true],
    ['/agents/a1', '/agents/', false, true],
    ['/environments', '/', false, false],
    ['/', '/', false, true],
  ])('%s with a link to %s (end: %s) → %s', (current, target, end, expected) => {
    expect(isActivePath(current, target, end)).toBe(expected)
  })
})
