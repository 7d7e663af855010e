import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { AGENT, ENV } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

// Screens of different features read the same server state; a write on one must refresh the
// others, though each keeps its reads cached (pickers for a minute, the palette for 15 s).

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

async function open(
  path: string,
  ready: () => Promise<unknown> = () => screen.findAllByRole('heading', { level: 1 }, { timeout: 10_000 }),
) {
  const app = await renderApp(path, { namespace: 'default' })
  activeServer = app.server
  await ready()
  return app
}

/** The palette's options for a query, once they have settled. */
async function paletteOptions(user: UserEvent, query: string): Promise<string[]> {
  await user.keyboard('{Control>}k{/Control}')
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' })
  await user.type(within(dialog).getByRole('combobox'), query)
  await waitFor(() => expect(within(dialog).queryByText(/Loading/)).not.toBeInTheDocument())
  return within(dialog)
    .queryAllByRole('option')
    .map((option) => option.textContent ?? '')
}

async function jump(user: UserEvent, query: string, option: RegExp) {
  await user.keyboard('{Control>}k{/Control}')
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' })
  await user.type(within(dialog).getByRole('combobox'), query)
  await user.click(await within(dialog).findByRole('option', { name: option }))
}

describe('lists that show environments refresh after a write on another screen', () => {
  it('a created environment appears in the command palette', async () => {
    const user = userEvent.setup()
    const app = await open('/environments')
    expect((await paletteOptions(user, 'release-box')).join()).not.toContain('release-box')
    await user.keyboard('{Escape}')

    await user.click(screen.getAllByRole('button', { name: 'Create environment' })[0] as HTMLElement)
    const dialog = await screen.findByRole('dialog', { name: 'Create environment' })
    await user.type(within(dialog).getByLabelText('Name'), 'release-box')
    await user.click(within(dialog).getByRole('button', { name: 'Create environment' }))
    const keyDialog = await screen.findByRole('dialog', { name: /save its key/ })
    await user.click(within(keyDialog).getByRole('checkbox', { name: 'I saved the key somewhere safe' }))
    await user.click(within(keyDialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(app.location.pathname).toMatch(/^\/environments\/env_/))

    await waitFor(async () => {
      await user.keyboard('{Escape}')
      expect((await paletteOptions(user, 'release-box')).join()).toContain('release-box')
    })
  })

  it('an archived environment leaves the agent’s default-environment picker and the palette', async () => {
    const user = userEvent.setup()
    await open(`/agents/${AGENT.triageBot}?tab=runtime`)
    const picker = await screen.findByRole('combobox', { name: 'Default environment' }, { timeout: 10_000 })
    await waitFor(() =>
      expect(within(picker).getByRole('option', { name: /^shared-docs/ })).toBeInTheDocument(),
    )

    await jump(user, 'shared-docs', /shared-docs/)
    await user.click(await screen.findByRole('button', { name: 'Archive' }))
    const archive = await screen.findByRole('dialog', { name: 'Archive shared-docs?' })
    await user.click(within(archive).getByRole('button', { name: 'Archive' }))
    expect(await screen.findByText('Archived: read-only')).toBeInTheDocument()

    await jump(user, 'triage', /^triage-bot/)
    await user.click(await screen.findByRole('tab', { name: 'Runtime configuration' }))
    const after = await screen.findByRole('combobox', { name: 'Default environment' })
    await waitFor(() =>
      expect(within(after).queryByRole('option', { name: /^shared-docs/ })).not.toBeInTheDocument(),
    )
    expect((await paletteOptions(user, 'shared-docs')).join()).not.toMatch(/shared-docs.*env_shareddocs001/)
  })
})

describe('saving an agent’s default environment', () => {
  it('refreshes what the new-session dialog says the agent’s sessions inherit', async () => {
    const user = userEvent.setup()
    const app = await open('/sessions?new=1', () =>
      screen.findByRole('dialog', { name: 'New session' }, { timeout: 10_000 }),
    )
    const dialog = screen.getByRole('dialog', { name: 'New session' })
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'Agent' }), AGENT.triageBot)
    const inherited = await within(dialog).findByTestId('inherited-environment')
    expect(inherited).toHaveTextContent('None')
    await user.keyboard('{Escape}')

    await jump(user, 'triage', /^triage-bot/)
    await user.click(await screen.findByRole('tab', { name: 'Runtime configuration' }))
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Default environment' }),
      ENV.buildWorkers,
    )
    await user.click(screen.getByRole('button', { name: 'Save session defaults' }))
    expect(await screen.findByText(/Saved as version/)).toBeInTheDocument()

    await jump(user, 'new session', /New session/)
    await waitFor(() => expect(app.location.pathname).toBe('/sessions'))
    const again = await screen.findByRole('dialog', { name: 'New session' })
    await user.selectOptions(await within(again).findByRole('combobox', { name: 'Agent' }), AGENT.triageBot)
    await waitFor(() =>
      expect(within(again).getByTestId('inherited-environment')).toHaveTextContent('build-workers'),
    )
  })
})
