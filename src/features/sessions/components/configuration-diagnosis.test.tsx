import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AGENT } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let close: (() => void) | null = null
afterEach(() => {
  close?.()
  close = null
})

/**
 * Saves one change to docs-writer's write_file on its Tools section, verifies it in a new session
 * and opens that session, as an operator would.
 */
async function verifyAfter(change: { enabled?: 'off'; policy?: string; tool?: string }) {
  const app = await renderApp(`/agents/${AGENT.docsWriter}?tab=runtime`, {
    user: 'alice',
    namespace: 'default',
    engine: {},
  })
  close = () => {
    app.engine?.uninstall()
    app.server.close()
  }
  await screen.findByRole('heading', { name: 'Tools', level: 2 }, { timeout: 8000 })
  if (change.enabled)
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'write_file: enabled' }),
      change.enabled,
    )
  if (change.policy)
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: `${change.tool ?? 'write_file'}: confirmation` }),
      change.policy,
    )
  await userEvent.click(screen.getByRole('button', { name: 'Save tools' }))
  await screen.findByText(/Saved as version/)
  const version = app.backend.db.agents.get(AGENT.docsWriter)?.definition.version
  const region = screen.getByRole('region', { name: 'Verify in a new session' })
  await userEvent.click(within(region).getByRole('button', { name: 'Verify in a new session' }))
  await userEvent.click(await within(region).findByRole('link', { name: /^Open session / }))
  // The turn runs on the engine's manual clock: long enough for the check to finish.
  for (let step = 0; step < 20; step += 1) await app.scheduler?.advance(1000)
  return { app, version }
}

const diagnosis = () =>
  screen.findByText(/the agent’s configuration kept a tool from running$/, {}, { timeout: 10_000 })

const noticeOf = (title: HTMLElement): HTMLElement =>
  title.closest<HTMLElement>('[data-slot="notice"]') ?? document.body

describe('configuration diagnosis', () => {
  it('names write_file, disabled, on the session’s agent version, and links to the Tools setting', async () => {
    const { version } = await verifyAfter({ enabled: 'off' })
    const notice = noticeOf(await diagnosis())
    expect(within(notice).getByText('write_file')).toBeInTheDocument()
    expect(within(notice).getByText('disabled')).toBeInTheDocument()
    expect(within(notice).getByText(`agent version ${version}`)).toBeInTheDocument()
    expect(notice).toHaveTextContent(
      `The turn asked for write_file and no write_file call happened: write_file is disabled in agent version ${version}`,
    )
    expect(
      within(notice).getByRole('link', { name: /^Change write_file in the agent’s Tools settings/ }),
    ).toHaveAttribute('href', `/agents/${AGENT.docsWriter}?tab=runtime#agent-tools`)
  })

  it('names a call refused by a deny policy', async () => {
    const { version } = await verifyAfter({ policy: 'deny' })
    const notice = noticeOf(await diagnosis())
    expect(within(notice).getByText('deny')).toBeInTheDocument()
    expect(notice).toHaveTextContent(
      `write_file was called and refused by policy: its confirmation is set to deny in agent version ${version}.`,
    )
  })

  it('says nothing when the pinned definition allows what the turn needed', async () => {
    const { app } = await verifyAfter({ policy: 'always_allow' })
    const sessionId = app.location.pathname.split('/').pop() ?? ''
    await waitFor(() => expect(app.backend.db.sessions.get(sessionId)?.turns[0]?.status).toBe('completed'))
    // The transcript has caught up with the whole turn: its last call is on screen.
    const feed = await screen.findByRole('feed', {}, { timeout: 10_000 })
    expect(await within(feed).findAllByText(/read_file/, {}, { timeout: 10_000 })).not.toHaveLength(0)
    expect(screen.queryByText(/the agent’s configuration kept a tool from running$/)).not.toBeInTheDocument()
  })

  it('names a confirmation waiting because write_file is set to always ask', async () => {
    // docs-writer asks before every write; the saved change is elsewhere (list_files).
    const { version } = await verifyAfter({ tool: 'list_files', policy: 'deny' })
    const notice = noticeOf(await diagnosis())
    expect(within(notice).getByText('always ask')).toBeInTheDocument()
    expect(notice).toHaveTextContent(
      `write_file waits for a confirmation because its confirmation is set to always ask in agent version ${version}.`,
    )
  })
})
