import { screen, waitFor, within } from '@testing-library/react'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { AGENT, ENV, SESSION } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

// The variants' own classes (components/ui/button.tsx): what makes a control look primary or
// destructive, whether it is a button or a link styled as one.
const isPrimary = (element: Element) =>
  element.classList.contains('bg-primary') && element.classList.contains('text-primary-foreground')
const isDestructive = (element: Element) =>
  element.classList.contains('bg-destructive') || element.classList.contains('text-destructive')

function controlsOf(header: HTMLElement): Element[] {
  return [...header.querySelectorAll('a, button')]
}

async function headerOf(path: string, user: 'alice' | 'bob' = 'alice'): Promise<HTMLElement> {
  const app = await renderApp(path, { user, namespace: 'default' })
  activeServer = app.server
  const heading = await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })
  const header = heading.closest<HTMLElement>('[data-slot="page-header"]')
  if (!header) throw new Error(`no page header on ${path}`)
  return header
}

/** Destructive controls sit in their own group, away from the primary action, behind a divider. */
function expectDestructiveApart(header: HTMLElement) {
  const destructive = controlsOf(header).filter(isDestructive)
  for (const control of destructive) {
    const group = control.closest('[role="group"]')
    expect(group, `${control.textContent} is not in a group of its own`).not.toBeNull()
    if (!group) continue
    expect(group).toHaveAccessibleName()
    expect([...group.querySelectorAll('a, button')].some(isPrimary)).toBe(false)
    expect(group.previousElementSibling).toHaveAttribute('role', 'separator')
    const primary = controlsOf(header).find(isPrimary)
    if (primary) {
      expect(primary.nextElementSibling).not.toBe(group)
      expect(primary.contains(group)).toBe(false)
    }
  }
  return destructive
}

describe('page headers: one primary action, destructive actions apart and styled so', () => {
  it.each([
    ['the environments list', '/environments', 'Create environment'],
    ['the sessions list', '/sessions', 'New session'],
    ['an agent', `/agents/${AGENT.releaseHelper}`, 'New session'],
  ])('%s has one primary action and nothing destructive beside it', async (_page, path, primary) => {
    const header = await headerOf(path)
    await waitFor(() => expect(controlsOf(header).filter(isPrimary)).toHaveLength(1))
    expect(controlsOf(header).find(isPrimary)).toHaveTextContent(primary)
    expect(controlsOf(header).filter(isDestructive)).toHaveLength(0)
  })

  it('an agent page starts a session with that agent', async () => {
    const header = await headerOf(`/agents/${AGENT.releaseHelper}`)
    expect(await within(header).findByRole('link', { name: 'New session' })).toHaveAttribute(
      'href',
      `/sessions?new=1&agentId=${AGENT.releaseHelper}`,
    )
  })

  it.each([
    ['a self-hosted environment', ENV.buildWorkers],
    ['a sandbox environment', ENV.e2bPython],
  ])(
    '%s: Edit is the one primary action; Archive and Delete are destructive and apart',
    async (_kind, id) => {
      const header = await headerOf(`/environments/${id}`)
      await within(header).findByRole('link', { name: 'Edit config' })
      const primaries = controlsOf(header).filter(isPrimary)
      expect(primaries).toHaveLength(1)
      expect(primaries[0]).toHaveTextContent('Edit config')
      const archive = within(header).getByRole('button', { name: 'Archive' })
      const remove = within(header).getByRole('button', { name: 'Delete' })
      expect(isDestructive(archive)).toBe(true)
      expect(isDestructive(remove)).toBe(true)
      expect(expectDestructiveApart(header)).toEqual([archive, remove])
      expect(within(header).getByRole('group', { name: 'Archive or delete' })).toContainElement(archive)
    },
  )

  it.each([
    ['the agents list', '/agents'],
    ['a session', `/sessions/${SESSION.buildActive}`],
  ])('%s offers no action in its header, so none is primary', async (_page, path) => {
    const header = await headerOf(path)
    expect(controlsOf(header).filter(isPrimary)).toHaveLength(0)
    expect(expectDestructiveApart(header)).toHaveLength(0)
  })

  it.each([
    ['an environment', `/environments/${ENV.buildWorkers}`, 'build-workers'],
    ['an agent', `/agents/${AGENT.releaseHelper}`, 'release-helper'],
  ])('a viewer gets no primary or destructive action on %s', async (_page, path, name) => {
    await headerOf(path, 'bob')
    const header = (await screen.findByRole('heading', { level: 1, name })).closest(
      '[data-slot="page-header"]',
    ) as HTMLElement
    // Loaded (the id is copyable or the status shows) and still nothing to press but links.
    await waitFor(() => expect(header.textContent).toMatch(/Copy|active/i))
    expect(controlsOf(header).filter((control) => isPrimary(control) || isDestructive(control))).toEqual([])
  })
})
