import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
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

/** An event stream the server accepted that sends nothing at all (an idle session between keep-alives). */
const silentStream = http.get('*/api/v1/agent-sessions/:session/events/stream', ({ request }) => {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      request.signal.addEventListener('abort', () => controller.close())
    },
  })
  return new HttpResponse(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } })
})

describe('session page, live', () => {
  it('says Live within a second when the server accepts the stream, though no event or keep-alive comes', async () => {
    const app = await renderApp(`/sessions/${SESSION.buildDone}`, {
      namespace: 'default',
      handlers: [silentStream],
    })
    activeServer = app.server
    const status = await screen.findByTestId('live-status', {}, { timeout: 10_000 })
    // From the moment the history is on screen (the stream opens right after it)…
    await waitFor(() => expect(status).not.toHaveTextContent(/Restoring|Loading history/), {
      timeout: 10_000,
    })
    const historyAt = performance.now()
    await waitFor(() => expect(status).toHaveTextContent('Live'), { timeout: 1000 })
    expect(performance.now() - historyAt).toBeLessThan(1000)
  })

  it('does not say Live for a 200 that is not an event stream (a proxy page)', async () => {
    const app = await renderApp(`/sessions/${SESSION.buildDone}`, {
      namespace: 'default',
      handlers: [
        http.get('*/api/v1/agent-sessions/:session/events/stream', () =>
          HttpResponse.text('<html>sign in to the proxy</html>', {
            headers: { 'Content-Type': 'text/html' },
          }),
        ),
      ],
    })
    activeServer = app.server
    const status = await screen.findByTestId('live-status', {}, { timeout: 10_000 })
    await waitFor(() => expect(status).toHaveTextContent(/Reconnecting/), { timeout: 10_000 })
    expect(status).not.toHaveTextContent('Live')
  })

  it('keeps DOM rows bounded for a 5,000-event history and appends live events', async () => {
    const app = await renderApp(`/sessions/${SESSION.largeHistory}?tab=events`, { namespace: 'default' })
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
    // A turn's status change is said at once, from a region that was already in the page.
    const turnAnnouncer = screen.getByTestId('turn-announcer')
    expect(turnAnnouncer).toHaveAttribute('role', 'status')
    expect(turnAnnouncer).toHaveTextContent(/^$/)
    appendEvent(record, 'turn.running', { turn_id: 'turn_announced' }, app.backend.clock.now())
    await waitFor(() => expect(turnAnnouncer).toHaveTextContent('Turn turn_announced: running.'), {
      timeout: 5000,
    })
  })
})
