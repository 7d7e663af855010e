import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { SESSION } from '@/mocks/seed/fixture-ids'
import { appendEvent } from '@/mocks/lib/event-log'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

describe('session page, live', () => {
  it('keeps DOM rows bounded for a 5,000-event history and appends live events', async () => {
    const app = await renderApp(`/sessions/${SESSION.largeHistory}`, { namespace: 'default' })
    activeServer = app.server
    const record = app.backend.db.sessions.get(SESSION.largeHistory)
    if (!record) throw new Error('seed')
    await screen.findByText('Live', {}, { timeout: 10_000 })
    expect(
      screen.getByText(new RegExp(`${record.events.length.toLocaleString()} events`)),
    ).toBeInTheDocument()
    const list = screen.getByRole('list', { name: 'Session events' })
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(80)

    appendEvent(
      record,
      'session.hint',
      { message: 'Key ek_live_abcdef123456 leaked in a hint' },
      app.backend.clock.now(),
    )
    await waitFor(() =>
      expect(
        screen.getByText(new RegExp(`${record.events.length.toLocaleString()} events`)),
      ).toBeInTheDocument(),
    )
    // k from no selection goes to the newest event; its JSON is masked.
    await userEvent.keyboard('k')
    const detail = await screen.findByRole('region', { name: 'Selected event' })
    expect(within(detail).getByRole('heading')).toHaveTextContent('session.hint')
    expect(within(detail).getByLabelText('Event JSON', { selector: 'pre' })).toHaveTextContent(
      /Key ek_•+ leaked/,
    )
    expect(detail).not.toHaveTextContent('ek_live_abcdef123456')
    await waitFor(
      () =>
        expect(screen.getByTestId('event-announcer')).toHaveTextContent('1 new event, latest session.hint'),
      {
        timeout: 5000,
      },
    )
  })
})
