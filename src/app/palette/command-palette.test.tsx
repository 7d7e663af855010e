import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { AGENT, ENV } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

async function open(path = '/environments') {
  const app = await renderApp(path, { namespace: 'default' })
  activeServer = app.server
  await screen.findByRole('heading', { name: 'Environments', level: 1 })
  return app
}

describe('command palette', () => {
  it('Ctrl-K finds an environment by name and opens it with Enter', async () => {
    const app = await open()
    await userEvent.keyboard('{Control>}k{/Control}')
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' })
    const input = within(dialog).getByRole('combobox', { name: /Search commands/ })
    await waitFor(() => expect(input).toHaveFocus())
    await userEvent.type(input, 'build-work')
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { selected: true })).toHaveTextContent('build-workers'),
    )
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(app.location.pathname).toBe(`/environments/${ENV.buildWorkers}`))
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument()
  })

  it('moves with the arrow keys, matches agents by name and runs actions', async () => {
    const app = await open()
    await userEvent.click(screen.getByRole('button', { name: /Search…/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' })
    const input = within(dialog).getByRole('combobox')
    await userEvent.type(input, 'triage')
    await waitFor(() => expect(within(dialog).getAllByRole('option')[0]).toHaveTextContent('triage'))
    expect(input).toHaveAttribute('aria-activedescendant', within(dialog).getAllByRole('option')[0]?.id)
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(app.location.pathname).toBe(`/agents/${AGENT.triageBot}`))
    // Typing starts once the agent's screen has rendered and the palette's field has focus, as a
    // user's would: keys sent while the screen below is still replaced can land elsewhere.
    await screen.findByRole('heading', { level: 1, name: /triage/i })

    await userEvent.keyboard('{Control>}k{/Control}')
    const again = await screen.findByRole('dialog', { name: 'Command palette' })
    const search = within(again).getByRole('combobox')
    await waitFor(() => expect(search).toHaveFocus())
    await userEvent.type(search, 'create environment')
    // Enter acts on the highlighted option, as a user presses it once the option shows.
    await waitFor(() =>
      expect(within(again).getByRole('option', { selected: true })).toHaveTextContent(/Create environment/),
    )
    await userEvent.keyboard('{Enter}')
    expect(await screen.findByRole('dialog', { name: 'Create environment' })).toBeInTheDocument()
    expect(app.location.pathname).toBe('/environments')
  })

  it('a pasted id jumps straight to its page, even when no list holds it', async () => {
    const app = await open()
    await userEvent.keyboard('{Control>}k{/Control}')
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' })
    await userEvent.type(within(dialog).getByRole('combobox'), 'sess_notloaded42')
    expect(within(dialog).getByRole('option', { selected: true })).toHaveTextContent('Open sess_notloaded42')
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(app.location.pathname).toBe('/sessions/sess_notloaded42'))
  })

  it('? lists the shortcuts and g then s goes to sessions; neither fires while typing', async () => {
    const app = await open()
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), '?gs')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(app.location.pathname).toBe('/environments')
    await userEvent.click(document.body)
    await userEvent.keyboard('?')
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    expect(within(help).getByText('Open the command palette')).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await userEvent.keyboard('gs')
    await waitFor(() => expect(app.location.pathname).toBe('/sessions'))
  })

  it('names catalog agents by displayName and finds them by agentKey (upstream catalog, C5)', async () => {
    const app = await open()
    app.server.use(
      http.get('*/api/v1/agents', () =>
        HttpResponse.json({
          items: [
            {
              id: AGENT.triageBot,
              agentKey: 'triage-bot',
              displayName: 'Inbox triage',
              status: 'active',
              createdAt: '2026-10-01T09:00:00Z',
              updatedAt: '2026-10-01T09:00:00Z',
              archivedAt: null,
            },
          ],
        }),
      ),
    )
    await userEvent.keyboard('{Control>}k{/Control}')
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' })
    await userEvent.type(within(dialog).getByRole('combobox'), 'triage-bot')
    await waitFor(() => expect(within(dialog).getAllByRole('option')[0]).toHaveTextContent('Inbox triage'))
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(app.location.pathname).toBe(`/agents/${AGENT.triageBot}`))
  })
})
