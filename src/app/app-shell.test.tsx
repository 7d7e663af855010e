import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import type { setupServer } from 'msw/node'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

describe('app shell', () => {
  it('names the tab after each screen and moves focus to the new page heading on navigation', async () => {
    const app = await renderApp('/environments', { namespace: 'default' })
    activeServer = app.server
    const link = await screen.findByRole('link', { name: 'build-workers' })
    expect(document.title).toBe('Environments · Managed Agents')
    await userEvent.click(link)
    const heading = await screen.findByRole('heading', { level: 1, name: 'build-workers' })
    await waitFor(() => expect(heading).toHaveFocus())
    await waitFor(() => expect(document.title).toBe('build-workers · Environments · Managed Agents'))
    await userEvent.click(screen.getByRole('link', { name: 'Agents' }))
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Agents' })).toHaveFocus())
    expect(document.title).toBe('Agents · Managed Agents')
  })

  it('sends the token, scope headers and a request id on every API call', async () => {
    const app = await renderApp('/environments', { namespace: 'default' })
    activeServer = app.server
    const seen: Headers[] = []
    app.server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.startsWith('/api/')) seen.push(request.headers)
    })
    expect(await screen.findByRole('link', { name: 'build-workers' })).toBeInTheDocument()
    // The workers column's requests, which leave once the rows are on screen.
    await waitFor(() => expect(seen.length).toBeGreaterThan(0))
    for (const headers of seen) {
      expect(headers.get('Authorization')).toBe(`Bearer ${useAuthStore.getState().token}`)
      expect(headers.get('X-AgentScope-Namespace')).toBe('default')
      expect(headers.get('X-Request-Id')).toMatch(/^req_/)
    }
  })

  it('switching namespace drops every cached resource and shows the new namespace', async () => {
    const app = await renderApp('/environments')
    activeServer = app.server
    expect(await screen.findByRole('link', { name: 'build-workers' })).toBeInTheDocument()
    const namespaceSelect = await screen.findByLabelText('Namespace')
    await userEvent.selectOptions(namespaceSelect, 'research')
    await waitFor(() => expect(screen.queryByRole('link', { name: 'build-workers' })).not.toBeInTheDocument())
    const table = await screen.findByRole('table', { name: /Environments/ })
    expect(within(table).getAllByRole('link').length).toBeGreaterThan(0)
    const cachedEnvironmentLists = app.queryClient
      .getQueryCache()
      .findAll({ queryKey: ['environments'] })
      .flatMap((query) => (query.state.data as { items: { name: string }[] } | undefined)?.items ?? [])
    expect(cachedEnvironmentLists.map((environment) => environment.name)).not.toContain('build-workers')
  })

  it('a 401 in the middle of work sends the user to sign in and remembers where they were', async () => {
    const app = await renderApp('/environments?page=1')
    activeServer = app.server
    expect(await screen.findByRole('link', { name: 'build-workers' })).toBeInTheDocument()
    // The list settled: its workers column has its answers (they are asked for once the rows are drawn).
    await waitFor(() => expect(screen.queryByText('Checking…')).not.toBeInTheDocument())
    // The server forgets the token (as after a restart or an expiry) while the console still holds it.
    await fetch('http://localhost/api/auth/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${useAuthStore.getState().token ?? ''}` },
    })
    await userEvent.click(screen.getByRole('link', { name: 'Agents' }))
    await waitFor(() => expect(app.location.pathname).toBe('/login'))
    expect(new URLSearchParams(app.location.search).get('next')).toBe('/agents')
    expect(await screen.findByText(/Your session ended/)).toBeInTheDocument()
    expect(useAuthStore.getState().token).toBeNull()
    expect(sessionStorage.getItem('asc.auth')).toBeNull()
  })

  it('a viewer sees environments read-only with the reason', async () => {
    const app = await renderApp('/environments', { user: 'bob' })
    activeServer = app.server
    expect(await screen.findByText('Read-only')).toBeInTheDocument()
    expect(screen.getByText(/Your role \(viewer\)/)).toBeInTheDocument()
  })

  it('an unknown address shows the not-found page inside the shell', async () => {
    const app = await renderApp('/definitely/not/here')
    activeServer = app.server
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })
})
