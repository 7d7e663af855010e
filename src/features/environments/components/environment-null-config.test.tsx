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

async function open(path: string, id: string) {
  const app = await renderApp(path, { user: 'alice', namespace: 'default' })
  activeServer = app.server
  serveNullConfig(app, id)
  await app.queryClient.invalidateQueries()
  await screen.findAllByRole('heading', { level: 1 }, { timeout: 10_000 })
  return app
}

describe('an environment created without a config (config: null)', () => {
  it('is listed with the server-default isolation', async () => {
    await open('/environments', ENV.dataplaneLocal)
    const row = (await screen.findByRole('link', { name: 'dataplane-local' })).closest('tr')
    if (!row) throw new Error('no row')
    expect(within(row).getByText('Isolation: SESSION')).toBeInTheDocument()
    expect(screen.getByText(/1 environment · page 1 of 1/)).toBeInTheDocument()
  })

  it('opens, saying the server defaults apply, and its Usage tab loads', async () => {
    const user = userEvent.setup()
    await open(`/environments/${ENV.dataplaneLocal}`, ENV.dataplaneLocal)
    expect(await screen.findByText(/created without one, so the server's defaults apply/)).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Config (secrets masked)' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Usage' }))
    expect(
      await screen.findByRole('heading', { name: /Agents with this default environment/ }),
    ).toBeInTheDocument()
  })

  it('is edited from an empty config, and the PATCH and its curl send an object', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.dataplaneLocal}/edit`, ENV.dataplaneLocal)
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
