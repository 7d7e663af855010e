import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { setSafeRetryPolicy } from '@/api/safe-retry'
import { AGENT, ENV } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
  setSafeRetryPolicy({ retries: 0 })
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
      'build-workers (self_hosted)',
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
    // In the summary and on the Environment tab.
    expect(screen.getAllByText('inherited', { exact: true })).toHaveLength(2)
    expect(
      await screen.findByText(/Inherited from the agent’s default environment at definition version/),
    ).toBeInTheDocument()
  })

  it('shows the environment the server chose when none was given and the agent has none (C17)', async () => {
    const { app, dialog, sent } = await openDialog(AGENT.triageBot)
    expect(within(dialog).getByTestId('inherited-environment')).toHaveTextContent(
      /None: if you do not choose one below, the server chooses/,
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
    expect(await screen.findByRole('link', { name: 'shared-docs' })).toHaveAttribute(
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
    expect(within(dialog).getByRole('button', { name: 'Create another session' })).toBeEnabled()

    await userEvent.click(within(alert).getByRole('link', { name: 'your sessions list' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(app.location.pathname).toBe('/sessions')
    expect(new URLSearchParams(app.location.search).get('agentId')).toBe(AGENT.releaseHelper)
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
