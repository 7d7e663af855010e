import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { AGENT, ENV, SESSION } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

describe('sessions list', () => {
  it('filters by agent and environment in the URL and marks inherited and explicit environments', async () => {
    const app = await renderApp(`/sessions?agentId=${AGENT.releaseHelper}`, { namespace: 'default' })
    activeServer = app.server
    const seen: URL[] = []
    app.server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url)
      if (url.pathname === '/api/v1/agent-sessions') seen.push(url)
    })
    const table = await screen.findByRole('table', { name: 'Sessions' })
    const labRow = (await within(table).findByRole('link', { name: SESSION.labQueued })).closest('tr')
    const doneRow = within(table).getByRole('link', { name: SESSION.buildDone }).closest('tr')
    if (!labRow || !doneRow) throw new Error('rows missing')
    expect(within(labRow).getByText('explicit')).toBeInTheDocument()
    expect(within(doneRow).getByText('inherited')).toBeInTheDocument()
    expect(await within(doneRow).findByText('build-workers')).toBeInTheDocument()

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Environment' }), ENV.labBox)
    await waitFor(() =>
      expect(within(table).queryByRole('link', { name: SESSION.buildDone })).not.toBeInTheDocument(),
    )
    expect(new URLSearchParams(app.location.search).get('environmentId')).toBe(ENV.labBox)
    const last = seen.at(-1)
    expect(last?.searchParams.get('agentId')).toBe(AGENT.releaseHelper)
    expect(last?.searchParams.get('environmentId')).toBe(ENV.labBox)
    expect(last?.searchParams.get('limit')).toBe('25')
  })

  it('explains a 409 when archiving a session whose turn is still active', async () => {
    const app = await renderApp('/sessions', { namespace: 'default' })
    activeServer = app.server
    await userEvent.click(await screen.findByRole('button', { name: `Archive ${SESSION.buildActive}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Archive this session?' })
    expect(within(dialog).getByText(/refuses \(409\) while a turn is active/)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Archive' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /cannot archive the session while turn/,
    )
  })

  it('creates a session on an explicit environment and opens it (no Idempotency-Key: the server reads none on create)', async () => {
    const app = await renderApp('/sessions', { namespace: 'default' })
    activeServer = app.server
    const sent: { key: string | null; body: unknown }[] = []
    app.server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/v1/agent-sessions') {
        void request
          .clone()
          .json()
          .then((body: unknown) => sent.push({ key: request.headers.get('Idempotency-Key'), body }))
      }
    })
    await userEvent.click(await screen.findByRole('button', { name: 'New session' }))
    const dialog = await screen.findByRole('dialog', { name: 'New session' })
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Agent' }),
      AGENT.releaseHelper,
    )
    expect(await within(dialog).findByTestId('inherited-environment')).toHaveTextContent(
      'build-workers (self_hosted)',
    )
    await userEvent.click(within(dialog).getByRole('radio', { name: /for this session only/ }))
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Environment' }),
      ENV.sharedDocs,
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create session' }))
    await waitFor(() => expect(app.location.pathname).toMatch(/^\/sessions\/sess_/))
    expect(sent).toHaveLength(1)
    expect(sent[0]?.body).toEqual({ agent: AGENT.releaseHelper, environmentId: ENV.sharedDocs })
    expect(sent[0]?.key).toBeNull()
    const created = app.backend.db.sessions.get(app.location.pathname.split('/')[2] ?? '')
    expect(created?.session.environmentSource).toBe('explicit')
  })
})
