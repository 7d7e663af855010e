import { screen, waitFor, within } from '@testing-library/react'
import type { setupServer } from 'msw/node'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { workKeys } from '@/data/work/keys'
import { TEST_NOW } from '@/mocks/node'
import { ENV, SESSION, WORKERS } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
beforeEach(() => {
  // Presence compares the mock's times (fixed clock) with the page's "now".
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(TEST_NOW)
})
afterEach(() => {
  activeServer?.close()
  activeServer = null
  vi.useRealTimers()
})

/** buildActive's title: its first message. */
const TITLE = 'Write environment-check.txt and read it back.'

type App = Awaited<ReturnType<typeof renderApp>>

async function open(path: string) {
  const app = await renderApp(path, { user: 'alice', namespace: 'default' })
  activeServer = app.server
  await screen.findAllByRole('heading', { level: 1 }, { timeout: 10_000 })
  return app
}

/** The build-workers item worker-b works on. */
function activeItem(app: App) {
  const item = [...app.backend.db.workItems.values()].find(
    (candidate) => candidate.environmentId === ENV.buildWorkers && candidate.status === 'active',
  )
  if (!item) throw new Error('no active item')
  return item
}

describe('worker presence on the environment screens', () => {
  it('counts a worker that has not polled for minutes but works on a fresh claim as busy, not offline (C12)', async () => {
    const app = await open('/environments')
    const item = activeItem(app)
    // The upstream worker polls only between items; while it works only the item's updatedAt moves.
    app.backend.db.workerHeartbeats.set(WORKERS.b, TEST_NOW - 10 * 60_000)
    item.updatedAt = TEST_NOW - 5_000
    await app.queryClient.invalidateQueries({ queryKey: workKeys.all })
    const row = (await screen.findByRole('link', { name: 'build-workers' })).closest('tr') as HTMLElement
    await waitFor(() => expect(within(row).getByText('2 online')).toBeInTheDocument())
    expect(within(row).getByText('1 busy')).toBeInTheDocument()
    expect(within(row).queryByText(/offline/)).not.toBeInTheDocument()
  })

  it('says a stale claim goes to the next poll of another worker, then shows the takeover it saw', async () => {
    const app = await open(`/environments/${ENV.buildWorkers}?tab=workers`)
    await screen.findByRole('table', { name: 'Workers of this environment' })
    const item = activeItem(app)

    // worker-b went silent: no per-item heartbeat for two minutes, no poll either.
    item.updatedAt = TEST_NOW - 2 * 60_000
    app.backend.db.workerHeartbeats.set(WORKERS.b, TEST_NOW - 3 * 60_000)
    await app.queryClient.invalidateQueries({ queryKey: workKeys.all })
    const stale = await screen.findByText('1 claim has gone stale')
    // The session by its title (its first message), its id beside it.
    await waitFor(() =>
      expect(stale.closest('[role="status"]')).toHaveTextContent(
        `worker-b has not sent a heartbeat for session ${TITLE} (${SESSION.buildActive})'s work for 2 min. The next poll by another worker of this environment takes it over`,
      ),
    )
    const workers = screen.getByRole('table', { name: 'Workers of this environment' })
    expect(
      within(within(workers).getByText(WORKERS.b).closest('tr') as HTMLElement).getByText('Stale'),
    ).toBeInTheDocument()

    // worker-a polls and takes it over, straight to starting (no queued step, no reclaimedFrom).
    item.claimedBy = WORKERS.a
    item.status = 'starting'
    item.updatedAt = TEST_NOW
    await app.queryClient.invalidateQueries({ queryKey: workKeys.all })
    const handover = await screen.findByText('1 claim changed hands while you watched')
    expect(handover.closest('[role="status"]')).toHaveTextContent(
      `worker-a took over session ${TITLE} (${SESSION.buildActive})'s work from worker-b, whose claim had gone stale.`,
    )
    expect(screen.queryByText('1 claim has gone stale')).not.toBeInTheDocument()
    const items = screen.getByRole('table', { name: 'Work items' })
    expect(within(items).getByText('took over from worker-b')).toBeInTheDocument()
  })
})
