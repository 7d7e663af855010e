import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
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
})
