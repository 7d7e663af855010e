import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { appendEvent } from '@/mocks/lib/event-log'
import { SUBAGENT_TREE } from '@/mocks/seed/seed-subagents'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

const root = `/sessions/${SUBAGENT_TREE.parent}`

describe('the Sub-agents tab', () => {
  it('lists each child with its task, status, pending requests and tokens, and says the tree usage is per session', async () => {
    const app = await renderApp(`${root}?tab=subagents`, { namespace: 'default' })
    activeServer = app.server
    const table = await screen.findByRole(
      'table',
      { name: `Sub-agents of ${SUBAGENT_TREE.parent}` },
      { timeout: 5000 },
    )
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'changelog-review',
      'dependency-audit',
      'docs-links',
    ])
    const docs = rows[2] as HTMLElement
    await waitFor(() => expect(docs).toHaveTextContent('1 request'))
    expect(docs).toHaveTextContent('running')
    expect(rows[0]).toHaveTextContent('none')
    // The child's own tokens, from its snapshot.
    const child = app.backend.db.subagentSessions.get(SUBAGENT_TREE.docsLinks)
    const tokens = child?.events
      .filter((event) => event.type === 'usage.recorded')
      .reduce((sum, event) => sum + Number((event.data.usage as { total_tokens: number }).total_tokens), 0)
    expect(docs).toHaveTextContent(new Intl.NumberFormat('en').format(tokens ?? -1))

    const usage = await screen.findByRole('region', { name: 'Usage of the session tree' })
    expect(usage).toHaveTextContent('across 5 sessions')
    expect(usage).toHaveTextContent('per session')
    expect(usage).toHaveTextContent('not one atomic snapshot of the tree')
    // Each child opens as a session of its own.
    expect(within(docs).getByRole('link', { name: 'Open sub-agent docs-links' })).toHaveAttribute(
      'href',
      `${root}/subagents/${SUBAGENT_TREE.docsLinks}`,
    )
  })

  it('says that the server does not serve sub-agents, instead of an error, on the tab and on a sub-agent’s page', async () => {
    const notServed = http.get('*/api/v1/agent-sessions/:session/subagents', () =>
      HttpResponse.json({ error: 'not found' }, { status: 404 }),
    )
    for (const path of [`${root}?tab=subagents`, `${root}/subagents/${SUBAGENT_TREE.docsLinks}`]) {
      const app = await renderApp(path, { namespace: 'default', handlers: [notServed] })
      activeServer = app.server
      expect(
        await screen.findByText(/^This server does not serve sub-agent sessions;/, {}, { timeout: 5000 }),
      ).toBeVisible()
      expect(screen.queryByRole('table')).toBeNull()
      app.unmount()
      app.server.close()
      activeServer = null
    }
  })
})

describe('sub-agent lanes in the waterfall', () => {
  it('nests each child’s bars (two levels deep) and follows a running child live', async () => {
    const app = await renderApp(`${root}?tab=waterfall`, { namespace: 'default' })
    activeServer = app.server
    const lanes = await screen.findByRole(
      'region',
      { name: `Sub-agents of ${SUBAGENT_TREE.parent}` },
      { timeout: 5000 },
    )
    const audit = within(lanes).getByRole('region', { name: 'Sub-agent dependency-audit' })
    const licenses = await within(audit).findByRole('region', { name: 'Sub-agent license-check' })
    await waitFor(() => expect(within(licenses).getAllByRole('button').length).toBeGreaterThan(0))
    expect(within(licenses).getByRole('link', { name: 'Open sub-agent license-check' })).toHaveAttribute(
      'href',
      `${root}/subagents/${SUBAGENT_TREE.dependencies}/${SUBAGENT_TREE.licenses}`,
    )

    // The waiting child is followed live: its next turn appears in its lane.
    const docs = within(lanes).getByRole('region', { name: 'Sub-agent docs-links' })
    await within(docs).findByText('following live', {}, { timeout: 5000 })
    const before = within(docs).getAllByRole('region', { name: /^Turn / }).length
    const record = app.backend.db.subagentSessions.get(SUBAGENT_TREE.docsLinks)
    if (!record) throw new Error('no child')
    const at = app.backend.clock.now()
    appendEvent(record, 'turn.accepted', { turn_id: 'turn_livechild', status: 'queued' }, at)
    appendEvent(record, 'turn.running', { turn_id: 'turn_livechild', status: 'running' }, at + 10)
    await waitFor(
      () => expect(within(docs).getAllByRole('region', { name: /^Turn / }).length).toBe(before + 1),
      {
        timeout: 5000,
      },
    )
    // A settled child is read once, not followed.
    const changelog = within(lanes).getByRole('region', { name: 'Sub-agent changelog-review' })
    expect(within(changelog).queryByText('following live')).toBeNull()
  })
})

describe('a sub-agent’s page', () => {
  it('shows its pending request as not answerable here, with no answer buttons', async () => {
    const app = await renderApp(`${root}/subagents/${SUBAGENT_TREE.docsLinks}`, { namespace: 'default' })
    activeServer = app.server
    const notice = await screen.findByTestId('subagent-actions-read-only', {}, { timeout: 5000 })
    expect(notice).toHaveTextContent('the server has no route that answers a sub-agent’s required action')
    expect(screen.getByRole('heading', { name: 'Waiting for your answer (1)' })).toBeVisible()
    expect(screen.queryByRole('button', { name: /^Allow/ })).toBeNull()
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull()
  })

  it('goes back one level at a time along the path it was opened by', async () => {
    const app = await renderApp(
      `${root}/subagents/${SUBAGENT_TREE.dependencies}/${SUBAGENT_TREE.licenses}?tab=waterfall`,
      { namespace: 'default' },
    )
    activeServer = app.server
    const path = await screen.findByRole('navigation', { name: 'Sub-agent path' }, { timeout: 5000 })
    expect(within(path).getByText(SUBAGENT_TREE.licenses)).toHaveAttribute('aria-current', 'page')
    await userEvent.click(screen.getByRole('link', { name: `Back to ${SUBAGENT_TREE.dependencies}` }))
    await waitFor(() => expect(app.location.pathname).toBe(`${root}/subagents/${SUBAGENT_TREE.dependencies}`))
    expect(new URLSearchParams(app.location.search).get('tab')).toBe('waterfall')
    await userEvent.click(await screen.findByRole('link', { name: `Back to ${SUBAGENT_TREE.parent}` }))
    await waitFor(() => expect(app.location.pathname).toBe(root))
  })
})
