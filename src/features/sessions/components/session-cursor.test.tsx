import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { SESSION } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

type Seen = { path: string; after: string | null; limit?: number; status: number | null }

/**
 * The server's refusals, switched on by the test: `stream` answers that many stream requests with
 * the status (Infinity = all of them); `page` does the same for history pages that carry a cursor.
 */
type Refusals = { status: number; stream: number; page: number }

/** Opens a session with refusals it can switch on, recording every session sub-request from the first. */
async function open(sessionId: string) {
  const seen: Seen[] = []
  const refusals: Refusals = { status: 409, stream: 0, page: 0 }
  const refuse = (request: Request, kind: 'stream' | 'page') => {
    const url = new URL(request.url)
    const entry: Seen = {
      path: url.pathname.replace(/^.*\/agent-sessions\/[^/]+/, ''),
      after: url.searchParams.get('after'),
      limit: Number(url.searchParams.get('limit') ?? 0),
      status: null,
    }
    seen.push(entry)
    const isRefused = kind === 'stream' ? refusals.stream > 0 : refusals.page > 0 && entry.after !== null
    if (!isRefused) return undefined
    refusals[kind] -= 1
    entry.status = refusals.status
    return HttpResponse.json(
      { error: { code: 'cursor_refused', message: 'cursor refused' } },
      { status: refusals.status },
    )
  }
  const app = await renderApp(`/sessions/${sessionId}?tab=events`, {
    namespace: 'default',
    handlers: [
      http.get('*/api/v1/agent-sessions/:session/events/stream', ({ request }) => refuse(request, 'stream')),
      http.get('*/api/v1/agent-sessions/:session/events', ({ request }) => refuse(request, 'page')),
      http.get('*/api/v1/agent-sessions/:session/snapshot', () => {
        seen.push({ path: '/snapshot', after: null, status: null })
        return undefined
      }),
    ],
  })
  activeServer = app.server
  return { app, seen, refusals }
}

const streams = (seen: Seen[]) => seen.filter((request) => request.path === '/events/stream')

describe('loading a long log', () => {
  it('asks for the snapshot only after the last history page, then opens the stream', async () => {
    const { seen } = await open(SESSION.largeHistory)
    await screen.findByText('Live', {}, { timeout: 15_000 })
    // The log's own reads (not a screen's peek at the newest few events).
    const reads = seen.filter(
      (request) =>
        request.path === '/snapshot' ||
        request.path === '/events/stream' ||
        (request.path === '/events' && (request.limit ?? 0) >= 100),
    )
    const firstSnapshot = reads.findIndex((request) => request.path === '/snapshot')
    const pages = reads.filter((request) => request.path === '/events')
    expect(pages.length, 'the seeded log spans several pages').toBeGreaterThan(1)
    // Every page (the first one included) before the snapshot; the stream after both.
    expect(reads.slice(0, firstSnapshot).every((request) => request.path === '/events')).toBe(true)
    expect(firstSnapshot).toBeGreaterThanOrEqual(pages.length)
    expect(reads.at(-1)?.path).toBe('/events/stream')
  })
})

describe('a refused event cursor (410, 409, 400)', () => {
  it.each([409, 400, 410])(
    'on the stream (%i once): reloads the snapshot and the history, then resumes from its head',
    async (status) => {
      const { seen, refusals } = await open(SESSION.buildDone)
      await screen.findByText('Live', {}, { timeout: 10_000 })
      Object.assign(refusals, { status, stream: 1 })
      // The console reconnects (after a pause here); this time the server refuses its position.
      await userEvent.click(screen.getByRole('button', { name: 'Pause stream' }))
      await userEvent.click(screen.getByRole('button', { name: 'Resume stream' }))
      await waitFor(() => expect(streams(seen).at(-1)?.status).toBeNull())
      await waitFor(() => expect(streams(seen).length).toBeGreaterThanOrEqual(3))
      await screen.findByText('Live', {}, { timeout: 10_000 })
      const refusedAt = seen.findIndex((request) => request.status === status)
      const after = seen
        .slice(refusedAt + 1)
        .map((request) => `${request.path}${request.after ? '?after' : ''}`)
      // The snapshot is fetched again and the log read from its start; only then does the stream resume.
      expect(after).toEqual(['/snapshot', '/events', '/events/stream?after'])
      expect(streams(seen).at(-1)?.after).toBe(seen.at(refusedAt)?.after)
      expect(screen.queryByText(/refused the console’s position/)).not.toBeInTheDocument()
    },
  )

  it('on a history page: reloads the snapshot and reads the log from the start', async () => {
    const { app, seen, refusals } = await open(SESSION.largeHistory)
    Object.assign(refusals, { status: 400, page: 1 })
    await screen.findByText('Live', {}, { timeout: 15_000 })
    const refusedAt = seen.findIndex((request) => request.status === 400)
    expect(refusedAt).toBeGreaterThan(0)
    expect(seen.slice(refusedAt + 1, refusedAt + 3)).toMatchObject([
      { path: '/snapshot' },
      { path: '/events', after: null },
    ])
    const total = app.backend.db.sessions.get(SESSION.largeHistory)?.events.length ?? 0
    expect(screen.getByText(new RegExp(`${total.toLocaleString('en')} events`))).toBeInTheDocument()
  })

  it('that stays refused: stops after three reloads and says what happened and what to do', async () => {
    const { seen, refusals } = await open(SESSION.buildDone)
    await screen.findByText('Live', {}, { timeout: 10_000 })
    Object.assign(refusals, { status: 409, stream: Number.POSITIVE_INFINITY })
    const before = streams(seen).length
    await userEvent.click(screen.getByRole('button', { name: 'Pause stream' }))
    await userEvent.click(screen.getByRole('button', { name: 'Resume stream' }))
    const status = await screen.findByText(
      /The server refused the console’s position in the event log \(409\) after 3 snapshot reloads/,
      {},
      { timeout: 15_000 },
    )
    expect(status).toHaveTextContent(/give request id req_[\w-]+ to your administrator/)
    // The refused stream, then one after each of the three reloads; then nothing more.
    expect(streams(seen).length - before).toBe(4)
    expect(seen.filter((request) => request.path === '/snapshot').length).toBe(4)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(streams(seen).length - before).toBe(4)

    // Once the server accepts it again, Try again starts over and the session is live.
    refusals.stream = 0
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await screen.findByText('Live', {}, { timeout: 10_000 })
  })
})
