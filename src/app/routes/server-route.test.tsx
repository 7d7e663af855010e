import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderApp } from '@/testing/render-app'

let close: (() => void) | undefined
afterEach(() => close?.())

const release = { mockOptions: { apiVariant: 'release' as const } }

describe('which Gateway this is', () => {
  it('on a 2026-08 release Gateway, Sessions says it needs the Agent Session API instead of failing', async () => {
    const app = await renderApp('/sessions', release)
    close = () => app.server.close()
    expect(await screen.findByText(/This console needs the Agent Session API/)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /New session/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See what this server serves' })).toHaveAttribute(
      'href',
      '/server',
    )
  })

  it('on a 2026-08 release Gateway, Agents names the missing catalog and the Agent Session API', async () => {
    const app = await renderApp('/agents', release)
    close = () => app.server.close()
    expect(await screen.findByText(/agent catalog and definitions/)).toHaveTextContent('Agent Session API')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('on a 2026-08 release Gateway, Environments work as on any other', async () => {
    const app = await renderApp('/environments', release)
    close = () => app.server.close()
    expect(await screen.findByRole('link', { name: 'build-workers' })).toBeInTheDocument()
    expect(screen.queryByText(/Not available on this server/)).not.toBeInTheDocument()
  })

  it('the Server page shows the base URL, the version and each family found', async () => {
    const app = await renderApp('/server', release)
    close = () => app.server.close()
    expect(await screen.findByText('mock-2026.08')).toBeInTheDocument()
    const row = (name: string) => within(screen.getByRole('row', { name: new RegExp(name) }))
    expect(row('^Environments').getByText('Served')).toBeInTheDocument()
    expect(row('Agent catalog').getByText('Not served')).toBeInTheDocument()
    expect(row('Agent Session API').getByText('Not served')).toBeInTheDocument()
    expect(await row('^Budget').findByText('Not served')).toBeInTheDocument()
    expect(screen.getByText(/http:\/\/localhost/)).toBeInTheDocument()
  })

  it('against the Agent Session API the Server page lists it as served with the mock version', async () => {
    const app = await renderApp('/server')
    close = () => app.server.close()
    const row = within(await screen.findByRole('row', { name: /Agent Session API/ }))
    expect(await row.findByText('Served')).toBeInTheDocument()
    expect(await screen.findByText('mock-agent-session-api')).toBeInTheDocument()
  })
})
