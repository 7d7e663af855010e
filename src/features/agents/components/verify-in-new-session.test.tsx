import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { VERIFY_ENVIRONMENT_MESSAGE } from '@/data/sessions/environment-check'
import { AGENT, ENV } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let close: (() => void) | null = null
afterEach(() => {
  close?.()
  close = null
})

async function saveWriteFileOff(app: Awaited<ReturnType<typeof renderApp>>) {
  close = () => app.server.close()
  await screen.findByRole('heading', { name: 'Tools', level: 2 }, { timeout: 8000 })
  await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'write_file: enabled' }), 'off')
  await userEvent.click(screen.getByRole('button', { name: 'Save tools' }))
  await screen.findByText(/Saved as version/)
  return screen.getByRole('region', { name: 'Verify in a new session' })
}

const sessionsOf = (app: Awaited<ReturnType<typeof renderApp>>) =>
  [...app.backend.db.sessions.values()].filter((record) => record.session.agentId === AGENT.docsWriter)

describe('Tools → Verify in a new session', () => {
  it('after a save, creates a session in the agent’s default environment, sends the check and links to it', async () => {
    const app = await renderApp(`/agents/${AGENT.docsWriter}?tab=runtime`, {
      user: 'alice',
      namespace: 'default',
    })
    const before = new Set(sessionsOf(app).map((record) => record.session.id))
    const region = await saveWriteFileOff(app)
    const saved = app.backend.db.agents.get(AGENT.docsWriter)?.definition.version
    expect(
      within(region).getByText(
        `Sessions already running keep the definition they started with. A new session uses version ${saved}`,
        { exact: false },
      ),
    ).toBeInTheDocument()
    expect(
      within(region).getByRole('combobox', { name: 'Environment for the new session' }),
    ).toHaveDisplayValue(/^The agent's default \(shared-docs\)$/)
    await userEvent.click(within(region).getByRole('button', { name: 'Verify in a new session' }))
    const link = await within(region).findByRole('link', { name: /^Open session sess_/ })
    const created = sessionsOf(app).find((record) => !before.has(record.session.id))
    if (!created) throw new Error('no session was created')
    expect(link).toHaveAttribute('href', `/sessions/${created.session.id}`)
    expect(within(region).getByRole('status')).toHaveTextContent(
      `Session ${created.session.id} created on version ${saved} and the environment check sent.`,
    )
    expect(created.session.environmentId).toBe(ENV.sharedDocs)
    expect(created.session.agentVersion).toBe(saved)
    expect(created.turns).toHaveLength(1)
    // The turn's prompt is the composer's environment check, word for word.
    expect(JSON.stringify(created.events)).toContain(JSON.stringify(VERIFY_ENVIRONMENT_MESSAGE).slice(1, -1))
  })

  it('runs it in the environment the operator picks', async () => {
    const app = await renderApp(`/agents/${AGENT.docsWriter}?tab=runtime`, {
      user: 'alice',
      namespace: 'default',
    })
    const before = new Set(sessionsOf(app).map((record) => record.session.id))
    const region = await saveWriteFileOff(app)
    await userEvent.selectOptions(
      within(region).getByRole('combobox', { name: 'Environment for the new session' }),
      ENV.buildWorkers,
    )
    await userEvent.click(within(region).getByRole('button', { name: 'Verify in a new session' }))
    await within(region).findByRole('link', { name: /^Open session sess_/ })
    const created = sessionsOf(app).find((record) => !before.has(record.session.id))
    expect(created?.session.environmentId).toBe(ENV.buildWorkers)
  })

  it('says when the session was created but the check was not sent, and links to the session', async () => {
    const app = await renderApp(`/agents/${AGENT.docsWriter}?tab=runtime`, {
      user: 'alice',
      namespace: 'default',
      handlers: [
        http.post('*/api/v1/agent-sessions/:session/turns', () =>
          HttpResponse.json(
            { error: { code: 'conflict', message: 'turn already running' } },
            { status: 409 },
          ),
        ),
      ],
    })
    const region = await saveWriteFileOff(app)
    await userEvent.click(within(region).getByRole('button', { name: 'Verify in a new session' }))
    expect(
      await within(region).findByText(/was created, but the environment check was not sent/),
    ).toBeInTheDocument()
    expect(within(region).getByRole('link', { name: /^Open session sess_/ })).toBeInTheDocument()
  })
})
