import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { AGENT, ENV } from '@/mocks/seed/fixture-ids'
import { ARCHIVED_AGENT_ID } from '@/mocks/seed/seed-control-plane'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

describe('agent page', () => {
  it('holds the tab in the URL and shows the overview, session defaults and version history', async () => {
    const app = await renderApp(`/agents/${AGENT.releaseHelper}`, { namespace: 'default' })
    activeServer = app.server
    expect(await screen.findByRole('heading', { level: 1, name: 'release-helper' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByText('qwen-max')).toBeInTheDocument()

    await userEvent.click(screen.getByRole('tab', { name: 'Versions' }))
    expect(new URLSearchParams(app.location.search).get('tab')).toBe('versions')
    const table = await screen.findByRole('table', { name: 'Definition versions' })
    const versionTwo = within(table).getByRole('rowheader', { name: '2' }).closest('tr')
    if (!versionTwo) throw new Error('no row for version 2')
    // Upstream versions carry no summary: the changed fields come from comparing the snapshots.
    expect(versionTwo).toHaveTextContent('defaultEnvironmentId')
    expect(within(versionTwo).getByText('default set')).toBeInTheDocument()

    // Arrow keys move between tabs, as in any tab list.
    screen.getByRole('tab', { name: 'Versions' }).focus()
    await userEvent.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Runtime configuration' })).toHaveFocus()
    expect(new URLSearchParams(app.location.search).get('tab')).toBe('runtime')
    expect(await screen.findByRole('heading', { name: 'Session defaults' })).toBeInTheDocument()
  })

  it('keeps an unsaved edit across a tab switch (and a reload, through session storage)', async () => {
    const app = await renderApp(`/agents/${AGENT.triageBot}?tab=runtime`, { namespace: 'default' })
    activeServer = app.server
    const select = await screen.findByRole('combobox', { name: 'Default environment' })
    await userEvent.selectOptions(select, ENV.buildWorkers)
    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }))
    await userEvent.click(screen.getByRole('tab', { name: 'Runtime configuration' }))
    expect(await screen.findByRole('combobox', { name: 'Default environment' })).toHaveValue(ENV.buildWorkers)
    expect(screen.getByText('Unsaved changes, based on version 1.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }))
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Default environment' })).toHaveValue(''))
    expect(sessionStorage.getItem(`asc.agent-defaults-draft.${AGENT.triageBot}`)).toBeNull()
  })

  it('an archived agent is read-only, with the reason', async () => {
    const app = await renderApp(`/agents/${ARCHIVED_AGENT_ID}?tab=runtime`, { namespace: 'default' })
    activeServer = app.server
    // Both Runtime configuration sections say why: Session defaults and Tools.
    expect(await screen.findAllByText(/This agent is archived/)).toHaveLength(2)
    expect(screen.queryByRole('button', { name: 'Save session defaults' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Save tools' })).not.toBeInTheDocument()
  })
})
