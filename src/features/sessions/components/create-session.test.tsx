import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setSafeRetryPolicy } from '@/api/safe-retry'
import { AGENT, ENV } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
  setSafeRetryPolicy({ retries: 0 })
  vi.useRealTimers()
})

type Sent = { key: string | null; body: unknown }

async function openDialog(agentId: string) {
  const app = await renderApp('/sessions', { namespace: 'default' })
  activeServer = app.server
  const sent: Sent[] = []
  app.server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/v1/agent-sessions') {
      const key = request.headers.get('Idempotency-Key')
      void request
        .clone()
        .json()
        .then((body: unknown) => sent.push({ key, body }))
    }
  })
  await userEvent.click(await screen.findByRole('button', { name: 'New session' }))
  const dialog = await screen.findByRole('dialog', { name: 'New session' })
  await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Agent' }), agentId)
  await within(dialog).findByTestId('inherited-environment')
  return { app, dialog, sent }
}

describe('creating a session', () => {
  it('sends no Idempotency-Key (the server ignores it) and marks an explicit environment', async () => {
    const { app, dialog, sent } = await openDialog(AGENT.releaseHelper)
    expect(within(dialog).getByTestId('inherited-environment')).toHaveTextContent(
      'build-workers (Self-hosted)',
    )
    await userEvent.click(within(dialog).getByRole('radio', { name: /for this session only/ }))
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Environment' }),
      ENV.sharedDocs,
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create session' }))
    await waitFor(() => expect(app.location.pathname).toMatch(/^\/sessions\/sess_/))
    await screen.findByRole('tab', { name: 'Environment' }, { timeout: 5000 })
    expect(sent).toEqual([{ key: null, body: { agent: AGENT.releaseHelper, environmentId: ENV.sharedDocs } }])
    expect(await screen.findByText('explicit', { exact: true })).toBeInTheDocument()
  })

  it('marks an inherited environment when the server used the agent’s default', async () => {
    const { app, dialog } = await openDialog(AGENT.releaseHelper)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create session' }))
    await waitFor(() => expect(app.location.pathname).toMatch(/^\/sessions\/sess_/))
    await userEvent.click(await screen.findByRole('tab', { name: 'Environment' }, { timeout: 5000 }))
    // The tab's code loads with it (in a browser, fetched once the page is idle).
    expect(
      await screen.findByText(/Inherited from the agent’s default environment at definition version/),
    ).toBeInTheDocument()
    // In the summary and on the Environment tab.
    expect(screen.getAllByText('inherited', { exact: true })).toHaveLength(2)
  })

  it('shows the environment the server chose when none was given and the agent has none (C17)', async () => {
    const { app, dialog, sent } = await openDialog(AGENT.triageBot)
    expect(within(dialog).getByTestId('inherited-environment')).toHaveTextContent(
      /None\. If you do not choose one below, it depends on the server: some versions choose one/,
    )
    // The server picks one (here: shared-docs, as if it were the caller's oldest environment).
    app.server.use(
      http.post('*/api/v1/agent-sessions', async ({ request }) => {
        const body = (await request.clone().json()) as Record<string, unknown>
        if (body.environmentId !== undefined) return undefined
        return fetch(request.url, {
          method: 'POST',
          headers: request.headers,
          body: JSON.stringify({ ...body, environmentId: ENV.sharedDocs }),
        })
      }),
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create session' }))
    await waitFor(() => expect(app.location.pathname).toMatch(/^\/sessions\/sess_/))
    expect(sent[0]?.body).toEqual({ agent: AGENT.triageBot })
    await screen.findByRole('tab', { name: 'Environment' }, { timeout: 5000 })
    expect(await screen.findByText('chosen by the server', { exact: true })).toBeInTheDocument()
    expect(screen.getByTestId('environment-reason')).toHaveTextContent(
      'Chosen by the server: no environment given and the agent has no default.',
    )
    expect(await screen.findByRole('link', { name: `shared-docs ${ENV.sharedDocs}` })).toHaveAttribute(
      'href',
      `/environments/${ENV.sharedDocs}`,
    )
  })

  it('is not re-sent when its answer is lost, and says to check the list before trying again', async () => {
    // With automatic re-sending on: a create must still go out exactly once.
    setSafeRetryPolicy({ retries: 3, baseDelayMs: 1, maxDelayMs: 2 })
    const { app, dialog, sent } = await openDialog(AGENT.releaseHelper)
    app.server.use(
      http.post('*/api/v1/agent-sessions', () =>
        HttpResponse.json(
          { error: 'upstream timed out' },
          { status: 504, headers: { 'X-Request-Id': 'req_lost_answer' } },
        ),
      ),
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create session' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('upstream timed out')
    expect(alert).toHaveTextContent(/The session may have been created anyway/)
    expect(alert).toHaveTextContent(/check your sessions list before you try again/)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(sent).toHaveLength(1)
    // The console looked in the list: nothing new there, so trying again is safe.
    expect(await within(alert).findByText(/No new session of this agent is in your list/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Create another session' })).toBeEnabled()

    await userEvent.click(within(alert).getByRole('link', { name: 'your sessions list' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(app.location.pathname).toBe('/sessions')
    expect(new URLSearchParams(app.location.search).get('agentId')).toBe(AGENT.releaseHelper)
  })

  it('finds the session a lost answer made anyway, and opens it instead of creating another', async () => {
    const { app, dialog, sent } = await openDialog(AGENT.releaseHelper)
    // The session list compares creation times with the browser's clock: keep both on the mock's.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: app.backend.clock.now() })
    // The server creates the session, then the answer is lost on the way back.
    app.server.use(
      http.post('*/api/v1/agent-sessions', async ({ request }) => {
        if (request.headers.get('X-Test-Forwarded')) return undefined
        const headers = new Headers(request.headers)
        headers.set('X-Test-Forwarded', '1')
        await fetch(request.url, { method: 'POST', headers, body: await request.text() })
        return HttpResponse.json({ error: 'gateway timeout' }, { status: 504 })
      }),
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create session' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent(/The session may have been created anyway/)
    const open = await within(alert).findByRole('link', { name: /^Open sess_/ })
    expect(alert).toHaveTextContent(/Your list has a session of this agent created/)
    const created = [...app.backend.db.sessions.values()].filter(
      (record) =>
        record.session.agentId === AGENT.releaseHelper &&
        record.session.createdAt === app.backend.clock.now(),
    )
    expect(created).toHaveLength(1)
    expect(open).toHaveAccessibleName(`Open ${created[0]?.session.id}`)
    await userEvent.click(open)
    await waitFor(() => expect(app.location.pathname).toBe(`/sessions/${created[0]?.session.id}`))
    // Two requests reached the server: the console's, and this test's server acting on it. None
    // was re-sent, and no second session was made.
    expect(sent).toHaveLength(2)
  })

  it('shows the refusal of a server that does not choose an environment itself (C17, older versions)', async () => {
    const { app, dialog, sent } = await openDialog(AGENT.triageBot)
    app.server.use(
      http.post('*/api/v1/agent-sessions', () =>
        HttpResponse.json(
          { error: 'environmentId required (set on session or agent.defaultEnvironmentId)' },
          { status: 400 },
        ),
      ),
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create session' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('environmentId required (set on session or agent.defaultEnvironmentId)')
    expect(alert).not.toHaveTextContent(/may have been created/)
    expect(sent).toHaveLength(1)
    // The choice is still there to make: an explicit environment for this session.
    expect(
      within(dialog).getByRole('radio', { name: /Choose an environment for this session only/ }),
    ).toBeEnabled()
    expect(app.location.pathname).toBe('/sessions')
  })

  it('says plainly that nothing was created when the server refused it', async () => {
    const { app, dialog } = await openDialog(AGENT.releaseHelper)
    app.server.use(
      http.post('*/api/v1/agent-sessions', () =>
        HttpResponse.json({ error: 'agent required' }, { status: 400 }),
      ),
    )
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create session' }))
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('agent required')
    expect(alert).not.toHaveTextContent(/may have been created/)
    expect(within(dialog).getByRole('button', { name: 'Retry create' })).toBeEnabled()
  })
})
