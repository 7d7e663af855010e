import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import type { Turn } from '@/data/sessions/types'
import { SESSION } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

async function openList() {
  const app = await renderApp('/sessions', { namespace: 'default' })
  activeServer = app.server
  const posts: string[] = []
  app.server.events.on('request:start', ({ request }) => {
    if (request.method !== 'GET') posts.push(`${request.method} ${new URL(request.url).pathname}`)
  })
  return { app, posts }
}

describe('archiving or deleting a session (the server does not check what runs, C18)', () => {
  it('names the running turn and cancels it before archiving, when asked to', async () => {
    const { app, posts } = await openList()
    await userEvent.click(await screen.findByRole('button', { name: `Archive ${SESSION.buildActive}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Archive this session?' })
    const running = await within(dialog).findByRole('status')
    expect(running).toHaveTextContent('A turn is still running')
    const turnId = app.backend.db.sessions.get(SESSION.buildActive)?.turns.at(-1)?.id ?? 'none'
    expect(running).toHaveTextContent(turnId)
    expect(running).toHaveTextContent(/requires action/)
    // Nothing is archived while it runs: only "wait" or "cancel first".
    expect(within(dialog).queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument()

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the turn, then archive' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10_000 })
    expect(posts).toEqual([
      `POST /api/v1/agent-sessions/${SESSION.buildActive}/turns/${turnId}/cancel`,
      `POST /api/v1/agent-sessions/${SESSION.buildActive}/archive`,
    ])
    expect(typeof app.backend.db.sessions.get(SESSION.buildActive)?.session.archivedAt).toBe('number')
  })

  it('waits for a running turn to finish, then deletes', async () => {
    const { app, posts } = await openList()
    let isRunning = true
    const turn: Turn = {
      id: 'turn_long',
      sessionId: SESSION.buildDone,
      status: 'running',
      createdAt: Date.now(),
    }
    app.server.use(
      http.get(`*/api/v1/agent-sessions/${SESSION.buildDone}/turns`, () =>
        HttpResponse.json([{ ...turn, status: isRunning ? 'running' : 'completed' }]),
      ),
    )
    await userEvent.click(await screen.findByRole('button', { name: `Delete ${SESSION.buildDone}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete this session?' })
    expect(await within(dialog).findByText('A turn is still running')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Wait, then delete' }))
    expect(await within(dialog).findByText(/Waiting for turn_long to finish/)).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect(posts).toEqual([])

    isRunning = false
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10_000 })
    expect(posts).toEqual([`DELETE /api/v1/agent-sessions/${SESSION.buildDone}`])
    expect(app.backend.db.sessions.has(SESSION.buildDone)).toBe(false)
  })

  it('archives at once when nothing runs', async () => {
    const { app, posts } = await openList()
    await userEvent.click(await screen.findByRole('button', { name: `Archive ${SESSION.buildDone}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Archive this session?' })
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Archive' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(posts).toEqual([`POST /api/v1/agent-sessions/${SESSION.buildDone}/archive`])
    expect(typeof app.backend.db.sessions.get(SESSION.buildDone)?.session.archivedAt).toBe('number')
  })
})
