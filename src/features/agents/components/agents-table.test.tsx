import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { AGENT } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

describe('agents list', () => {
  it('keeps the search and the status filter in the URL', async () => {
    const app = await renderApp('/agents?q=docs', { namespace: 'default' })
    activeServer = app.server
    const table = await screen.findByRole('table', { name: 'Agents' })
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['docs-writer']),
    )
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('docs')

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }))
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'legacy')
    expect(await screen.findByRole('heading', { name: 'No agents match' })).toBeInTheDocument()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'archived')
    expect(await screen.findByRole('link', { name: 'legacy-deployer' })).toBeInTheDocument()
    const search = new URLSearchParams(app.location.search)
    expect(search.get('q')).toBe('legacy')
    expect(search.get('status')).toBe('archived')
  })

  it('shows default environments by name and offers to clear filters that match nothing', async () => {
    const app = await renderApp('/agents?q=nothing-like-this', { namespace: 'default' })
    activeServer = app.server
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }))
    const row = (await screen.findByRole('link', { name: 'release-helper' })).closest('tr')
    if (!row) throw new Error('no row')
    expect(await within(row).findByText('build-workers')).toBeInTheDocument()
    expect(app.location.search).toBe('')
  })

  it('on the upstream catalog shape, names agents by displayName and reads each default from its definition', async () => {
    const app = await renderApp('/agents', { namespace: 'default' })
    activeServer = app.server
    await screen.findByRole('table', { name: 'Agents' }, { timeout: 10_000 })
    let releaseDefinition: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      releaseDefinition = resolve
    })
    // What the upstream catalog sends (C5): displayName, agentKey, ISO times, no default environment.
    const catalog = (id: string, agentKey: string, displayName: string) => ({
      id,
      agentKey,
      displayName,
      description: '',
      ownerType: 'namespace',
      ownerRef: 'namespace:acme:default',
      status: 'active',
      tenant: 'acme',
      namespace: 'default',
      version: 1,
      createdAt: '2026-10-01T09:00:00Z',
      updatedAt: '2026-10-30T09:00:00Z',
      archivedAt: null,
    })
    app.server.use(
      http.get('*/api/v1/agents', () =>
        HttpResponse.json({
          items: [
            catalog(AGENT.releaseHelper, 'release-helper', 'Release helper'),
            catalog(AGENT.triageBot, 'triage-bot', 'Triage'),
            catalog(AGENT.docsWriter, 'docs-writer', 'Docs writer'),
            catalog(AGENT.dataAnalyst, 'data-analyst', ''),
          ],
        }),
      ),
      http.get('*/api/v1/agents/:agentId/definition', async ({ params }) => {
        if (params.agentId === AGENT.releaseHelper) {
          await held
          return undefined
        }
        if (params.agentId === AGENT.docsWriter)
          return HttpResponse.json({ error: 'forbidden' }, { status: 403 })
        if (params.agentId === AGENT.dataAnalyst)
          return HttpResponse.json({ error: 'managed definition not found' }, { status: 404 })
        return undefined
      }),
    )
    // Everything read so far came from the mock; read it again from the upstream-shaped answers.
    // Not awaited: one definition is held on purpose.
    void app.queryClient.resetQueries()

    const row = async (name: string) => {
      const found = (await screen.findByRole('link', { name })).closest('tr')
      if (!found) throw new Error(`no row for ${name}`)
      return within(found)
    }
    const release = await row('Release helper')
    // Not known yet: the cell must not claim "None".
    expect(release.getByText('Checking…')).toBeInTheDocument()
    expect(release.queryByText('None')).not.toBeInTheDocument()
    expect(await (await row('Triage')).findByText('None')).toBeInTheDocument()
    expect(await (await row('Docs writer')).findByText('Not visible to you')).toBeInTheDocument()
    // No displayName: the agentKey names it.
    expect(await (await row('data-analyst')).findByText('No managed definition')).toBeInTheDocument()

    releaseDefinition()
    expect(await release.findByText('build-workers')).toBeInTheDocument()
  })
})
