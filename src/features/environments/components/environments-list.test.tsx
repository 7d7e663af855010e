import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { setupServer } from 'msw/node'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TEST_NOW } from '@/mocks/node'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
beforeEach(() => {
  // Worker health compares the mock's heartbeats (fixed clock) with the page's "now".
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(TEST_NOW)
})
afterEach(() => {
  activeServer?.close()
  activeServer = null
  vi.useRealTimers()
})

async function open(path: string, user: 'alice' | 'bob' = 'alice') {
  const app = await renderApp(path, { user, namespace: 'default' })
  activeServer = app.server
  // The first screen of a test file loads its lazy route chunk cold, which can take seconds.
  await screen.findAllByRole('heading', { level: 1 }, { timeout: 10_000 })
  return app
}

/** Every value in the react-query caches, as one string to search for a secret. */
function cachedText(app: Awaited<ReturnType<typeof open>>): string {
  const queries = app.queryClient
    .getQueryCache()
    .getAll()
    .map((query) => [query.queryKey, query.state.data])
  const mutations = app.queryClient
    .getMutationCache()
    .getAll()
    .map((mutation) => [mutation.state.data, mutation.state.variables])
  return JSON.stringify([queries, mutations])
}

describe('environments list', () => {
  it('shows capabilities and worker health, and keeps search, filter and sort in the URL', async () => {
    const user = userEvent.setup()
    const app = await open('/environments')
    const row = (await screen.findByRole('link', { name: 'build-workers' })).closest('tr')
    if (!row) throw new Error('no row')
    expect(within(row).getByText('Runs on: Your worker')).toBeInTheDocument()
    expect(within(row).getByText('Isolation: each session')).toBeInTheDocument()
    expect(await within(row).findByText('2 online')).toBeInTheDocument()
    const lab = screen.getByRole('link', { name: 'lab-gpu-box' }).closest('tr')
    expect(await within(lab as HTMLElement).findByText('0 online')).toBeInTheDocument()
    const remote = screen.getByRole('link', { name: 'shared-docs' }).closest('tr')
    expect(within(remote as HTMLElement).getByText('No shell')).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('Type'), 'self_hosted')
    await user.type(screen.getByLabelText('Search'), 'lab')
    await waitFor(() => expect(screen.queryByRole('link', { name: 'build-workers' })).not.toBeInTheDocument())
    expect(screen.getByRole('link', { name: 'lab-gpu-box' })).toBeInTheDocument()
    expect(new URLSearchParams(app.location.search).get('type')).toBe('self_hosted')
    expect(new URLSearchParams(app.location.search).get('q')).toBe('lab')
    expect(screen.getByText(/loaded every environment and did it here/)).toBeInTheDocument()

    await user.type(screen.getByLabelText('Search'), 'zzz')
    expect(await screen.findByRole('heading', { name: 'No environments match' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear search and filter' }))
    expect(await screen.findByRole('link', { name: 'build-workers' })).toBeInTheDocument()
  })

  it('explains the four types and offers create when there are none', async () => {
    const app = await open('/environments')
    await screen.findByRole('link', { name: 'build-workers' })
    app.backend.db.environments.clear()
    await app.queryClient.invalidateQueries()
    expect(await screen.findByRole('heading', { name: 'No environments yet' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Create environment' })).toHaveLength(2)
  })

  it('a viewer gets no create action', async () => {
    await open('/environments', 'bob')
    await screen.findByRole('link', { name: 'build-workers' })
    expect(screen.queryByRole('button', { name: 'Create environment' })).not.toBeInTheDocument()
    expect(screen.getByText('Read-only')).toBeInTheDocument()
  })
})

describe('create environment', () => {
  it('validates each field before sending anything', async () => {
    const user = userEvent.setup()
    const app = await open('/environments')
    const posts: string[] = []
    app.server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/environments')
        posts.push(request.url)
    })
    await user.click(await screen.findByRole('button', { name: 'Create environment' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create environment' })
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'sandbox')
    await user.type(within(dialog).getByLabelText(/Sandbox timeout/), '5m')
    await user.type(within(dialog).getByLabelText(/E2B API base URL/), 'e2b.example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Create environment' }))

    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Enter a name.')
    expect(within(dialog).getByLabelText(/Sandbox timeout/)).toHaveAccessibleDescription(
      /Enter a whole number of seconds greater than 0/,
    )
    expect(within(dialog).getByLabelText(/E2B API base URL/)).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Fix the fields marked above')

    await user.click(within(dialog).getByRole('tab', { name: 'Advanced JSON' }))
    const json = within(dialog).getByLabelText('Config (JSON object)')
    await user.clear(json)
    await user.type(json, '{{"oops"')
    expect(within(dialog).getByText(/Not valid JSON/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('tab', { name: 'Form' }))
    expect(within(dialog).getByRole('tab', { name: 'Advanced JSON' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    expect(posts).toEqual([])
  })

  it('keeps the form and the JSON tab in sync and warns about unenforced keys', async () => {
    const user = userEvent.setup()
    await open('/environments')
    await user.click(await screen.findByRole('button', { name: 'Create environment' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create environment' })
    await user.selectOptions(within(dialog).getByLabelText(/Isolation scope/), 'AGENT')
    await user.click(within(dialog).getByRole('tab', { name: 'Advanced JSON' }))
    const json = within(dialog).getByLabelText('Config (JSON object)')
    expect(JSON.parse((json as HTMLTextAreaElement).value)).toEqual({ isolationScope: 'AGENT' })
    await user.clear(json)
    await user.click(json)
    await user.paste('{"isolationScope":"USER","packages":["jq"]}')
    expect(within(dialog).getByText(/“packages” is stored but not enforced/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('tab', { name: 'Form' }))
    expect(within(dialog).getByLabelText(/Isolation scope/)).toHaveValue('USER')
  })

  it('shows the key once, keeps it out of every cache and storage, and forgets it on close', async () => {
    const user = userEvent.setup()
    const app = await open('/environments')
    await user.click(await screen.findByRole('button', { name: 'Create environment' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create environment' })
    await user.type(within(dialog).getByLabelText('Name'), 'ci-runners')
    await user.click(within(dialog).getByRole('button', { name: 'Create environment' }))

    const keyDialog = await screen.findByRole('dialog', { name: /save its key/ })
    const key = within(keyDialog).getByTestId('one-time-key').textContent ?? ''
    expect(key).toMatch(/^ek_/)
    expect(within(keyDialog).getByRole('heading', { name: 'Run your worker' })).toBeInTheDocument()
    expect(cachedText(app)).not.toContain(key)
    expect(app.queryClient.getMutationCache().getAll()).toHaveLength(0)
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(key)
    expect(JSON.stringify({ ...localStorage })).not.toContain(key)
    expect(app.location.pathname + app.location.search).not.toContain(key)

    await user.click(within(keyDialog).getByRole('button', { name: 'Copy key' }))
    expect(await navigator.clipboard.readText()).toBe(key)

    // Escape does not close it until the user confirms the key is saved.
    await user.keyboard('{Escape}')
    expect(within(keyDialog).getByRole('alert')).toHaveTextContent('Confirm that you saved the key first')
    expect(within(keyDialog).getByRole('button', { name: 'Done' })).toBeDisabled()
    await user.click(within(keyDialog).getByLabelText('I saved the key somewhere safe'))
    await user.click(within(keyDialog).getByRole('button', { name: 'Done' }))

    await waitFor(() => expect(app.location.pathname).toMatch(/^\/environments\/env_/))
    expect(await screen.findByRole('heading', { name: 'ci-runners', level: 1 })).toBeInTheDocument()
    expect(document.body.textContent).not.toContain(key)
    expect(cachedText(app)).not.toContain(key)
  })

  it('disables local with the reason after the deployment refuses it', async () => {
    const user = userEvent.setup()
    const app = await open('/environments')
    app.backend.options.allowLocalEnvironments = false
    await user.click(await screen.findByRole('button', { name: 'Create environment' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create environment' })
    await user.type(within(dialog).getByLabelText('Name'), 'inside')
    await user.selectOptions(within(dialog).getByLabelText('Type'), 'local')
    await user.click(within(dialog).getByRole('button', { name: 'Create environment' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/does not allow local environments/)
    expect(
      within(dialog).getByRole('option', { name: /Local — not allowed by this deployment/ }),
    ).toBeDisabled()
  })
})
