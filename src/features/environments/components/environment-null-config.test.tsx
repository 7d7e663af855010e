import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { ENV } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

type App = Awaited<ReturnType<typeof renderApp>>

/** What the upstream server sends for an environment created without a config (api-notes C7). */
function withoutConfig(app: App, id: string) {
  const record = app.backend.db.environments.get(id)
  if (!record) throw new Error(`no environment ${id}`)
  return { ...record.environment, config: null }
}

/** Answers the list and the read of `id` with `config: null`, the way the upstream code does. */
function serveNullConfig(app: App, id: string) {
  app.server.use(
    http.get('*/api/environments', () =>
      HttpResponse.json([withoutConfig(app, id)], { headers: { 'X-Total-Count': '1' } }),
    ),
    http.get('*/api/environments/:id', ({ params }) =>
      params.id === id ? HttpResponse.json(withoutConfig(app, id)) : undefined,
    ),
  )
}

/**
 * Opens `path` on the seeded mock, waits for `ready` (so nothing is still in flight), then has the
 * server answer upstream's way and reads everything again.
 */
async function open(path: string, id: string, ready: () => Promise<unknown>) {
  const app = await renderApp(path, { user: 'alice', namespace: 'default' })
  activeServer = app.server
  await ready()
  serveNullConfig(app, id)
  await app.queryClient.invalidateQueries()
  return app
}

const environmentHeading = () =>
  screen.findByRole('heading', { level: 1, name: 'dataplane-local' }, { timeout: 10_000 })

describe('an environment created without a config (config: null)', () => {
  it('is listed with the server-default isolation', async () => {
    await open('/environments', ENV.dataplaneLocal, () =>
      screen.findByRole('link', { name: 'build-workers' }, { timeout: 10_000 }),
    )
    await waitFor(() => expect(screen.queryByRole('link', { name: 'build-workers' })).not.toBeInTheDocument())
    const row = (await screen.findByRole('link', { name: 'dataplane-local' })).closest('tr')
    if (!row) throw new Error('no row')
    expect(within(row).getByText('Isolation: each session')).toBeInTheDocument()
    expect(screen.getByText(/1 environment · page 1 of 1/)).toBeInTheDocument()
  })

  it('opens, saying the server defaults apply, and its Usage tab loads', async () => {
    const user = userEvent.setup()
    await open(`/environments/${ENV.dataplaneLocal}`, ENV.dataplaneLocal, environmentHeading)
    expect(await screen.findByText(/created without one, so the server's defaults apply/)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Config (secrets masked)' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Usage' }))
    expect(
      await screen.findByRole('heading', { name: /Agents with this default environment/ }),
    ).toBeInTheDocument()
  })

  it('is edited from an empty config, and the PATCH and its curl send an object', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.dataplaneLocal}`, ENV.dataplaneLocal, environmentHeading)
    // The editor starts from what the page read, now the config-less answer.
    await screen.findByText(/created without one, so the server's defaults apply/)
    const [headerEdit] = screen.getAllByRole('link', { name: 'Edit config' })
    if (!headerEdit) throw new Error('no edit link')
    await user.click(headerEdit)
    const patches: string[] = []
    app.server.events.on('request:start', ({ request }) => {
      if (request.method === 'PATCH')
        void request
          .clone()
          .text()
          .then((text) => patches.push(text))
    })
    expect(await screen.findByText(/created without a config/)).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText(/Isolation scope/), 'USER')
    await user.click(screen.getByRole('button', { name: 'Review changes' }))
    const review = await screen.findByRole('dialog', { name: 'Review changes' })
    expect(within(review).getByRole('rowheader', { name: 'isolationScope' })).toBeInTheDocument()
    await user.click(within(review).getByRole('button', { name: 'Copy as curl' }))
    const curl = await navigator.clipboard.readText()
    expect(curl).toContain(`-X PATCH`)
    expect(curl).toContain(`'{"config":{"isolationScope":"USER"}}'`)
    await user.click(within(review).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(patches).toEqual([JSON.stringify({ config: { isolationScope: 'USER' } })]))
    await waitFor(() => expect(app.location.pathname).toBe(`/environments/${ENV.dataplaneLocal}`))
  })
})
