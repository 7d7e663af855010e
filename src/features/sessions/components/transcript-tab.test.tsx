import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MORE_SESSIONS } from '@/mocks/seed/seed-sessions'
import { AGENT, SESSION } from '@/mocks/seed/fixture-ids'
import { appendEvent } from '@/mocks/lib/event-log'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

/** The test DOM's Blob may have no text(): read it the way a page without it would. */
const read = (blob: Blob | undefined) =>
  new Promise<string>((resolve, reject) => {
    if (!blob) return reject(new Error('no file'))
    const reader = new FileReader()
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '')
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'))
    reader.readAsText(blob)
  })

const log = (app: Awaited<ReturnType<typeof renderApp>>) =>
  app.backend.db.sessions
    .get(SESSION.buildDone)
    ?.events.map((event) => event.type)
    .join(' ') ?? ''

async function open(path: string) {
  const app = await renderApp(path, { namespace: 'default' })
  activeServer = app.server
  return app
}

describe('transcript tab', () => {
  it('is the default tab and reads a self-hosted turn as a conversation with tool cards', async () => {
    await open(`/sessions/${SESSION.buildDone}`)
    expect(
      await screen.findByRole('tab', { name: 'Transcript', selected: true }, { timeout: 5000 }),
    ).toBeInTheDocument()
    const feed = await screen.findByRole('feed', { name: 'Transcript' }, { timeout: 5000 })
    expect(await within(feed).findByText('Write environment-check.txt and read it back.')).toBeInTheDocument()
    const card = (await within(feed).findAllByRole('article', { name: /^Tool call write_file/ }))[0]
    if (!card) throw new Error('no write_file card')
    expect(within(card).getByText('environment-check.txt')).toBeInTheDocument()
    expect(await within(card).findByText(/claimed by worker-/)).toBeInTheDocument()
    // Expanding shows the output by kind and the links to the other views of the call.
    await userEvent.click(within(card).getByRole('button', { name: /write_file/, expanded: false }))
    expect(within(card).getByRole('link', { name: 'Tool record' })).toHaveAttribute(
      'href',
      expect.stringContaining('tab=tools&tool='),
    )
    expect(within(card).getByRole('link', { name: 'Show in events' })).toHaveAttribute(
      'href',
      expect.stringContaining('tab=events&event='),
    )
    // The work item travels in the URL, so the Workers tab can bring it into view (a permalink).
    expect(within(card).getByRole('link', { name: /^Work item work_/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/environments\/env_buildworkers01\?tab=workers&work=work_\w+$/),
    )
    expect(within(card).getByRole('link', { name: 'Environment workers' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/environments\/.+\?tab=workers$/),
    )
    expect(within(card).getByRole('list', { name: 'Claim timeline' })).toBeInTheDocument()
    expect(within(feed).getAllByText(/model calls? · .* in \/ .* out tokens/).length).toBeGreaterThan(0)
  })

  it('leads from a tool card to its tool record, marked, and to its events', async () => {
    const app = await open(`/sessions/${SESSION.buildDone}`)
    const feed = await screen.findByRole('feed', { name: 'Transcript' }, { timeout: 5000 })
    const card = (await within(feed).findAllByRole('article', { name: /^Tool call read_file/ }))[0]
    if (!card) throw new Error('no read_file card')
    const name = card.getAttribute('aria-label') ?? ''
    await userEvent.click(within(card).getByRole('button', { name: /read_file/, expanded: false }))
    await userEvent.click(within(card).getByRole('link', { name: 'Tool record' }))
    expect(await screen.findByRole('tab', { name: 'Tool records', selected: true })).toBeInTheDocument()
    const record = await screen.findByRole('article', { name, current: true })
    expect(record).toHaveTextContent('read_file')
    await userEvent.click(within(record).getByRole('link', { name: 'Show in events' }))
    await waitFor(() => expect(new URLSearchParams(app.location.search).get('tab')).toBe('events'))
    expect(await screen.findByRole('region', { name: 'Selected event' })).toHaveTextContent('tool.requested')
  })

  it('downloads the transcript as Markdown and the events as JSON, masked unless secrets are included', async () => {
    const files: Blob[] = []
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: vi.fn((blob: Blob) => (files.push(blob), 'blob:transcript')),
    })
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() })
    const app = await open(`/sessions/${SESSION.buildDone}`)
    const record = app.backend.db.sessions.get(SESSION.buildDone)
    if (!record) throw new Error('seed')
    const secret = 'sk-live1234567890abcdefSECRET'
    appendEvent(record, 'session.hint', { message: `key ${secret}` }, app.backend.clock.now())
    const feed = await screen.findByRole('feed', { name: 'Transcript' }, { timeout: 5000 })
    await within(feed).findAllByRole('article', { name: /^Tool call write_file/ })
    await waitFor(() => expect(log(app)).toContain('session.hint'))

    await userEvent.click(screen.getByRole('button', { name: 'Download transcript (Markdown)' }))
    await userEvent.click(screen.getByRole('button', { name: 'Download events (JSON)' }))
    const [markdown, events] = await Promise.all(files.map((file) => read(file)))
    expect(markdown).toMatch(/^# Write environment-check\.txt and read it back\./)
    expect(markdown).toContain('**Tool `write_file`** · completed')
    const parsed = JSON.parse(events ?? '[]') as { id: string }[]
    expect(parsed.map((event) => event.id)).toEqual(record.events.map((event) => event.id))
    expect(events).not.toContain(secret)

    await userEvent.click(screen.getByRole('checkbox', { name: 'Include secrets in downloads' }))
    await userEvent.click(screen.getByRole('button', { name: 'Download events (JSON)' }))
    expect(await read(files[2])).toContain(secret)
  })

  it('shows a failed turn’s error inline, once, with its code', async () => {
    await open(`/sessions/${MORE_SESSIONS.failedTurn}`)
    const feed = await screen.findByRole('feed', { name: 'Transcript' }, { timeout: 5000 })
    const error = await within(feed).findByRole('group', { name: 'Error' }, { timeout: 5000 })
    // One message, said once, with its codes in words and how many events logged it; no event types.
    const lines = within(error).getAllByRole('listitem')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toHaveTextContent(
      'The model provider returned 503 three times in a row. Codes: model call failed, turn failed · logged by 6 events',
    )
    expect(error).not.toHaveTextContent(/session\.error|turn\.failed|run\.ended|model_call_failed/)
    // Upstream logs the failure as two session.error events (model_call_failed, then turn_failed).
    expect(within(feed).getAllByRole('group', { name: 'Error' })).toHaveLength(1)
  })

  it('says why a failed turn failed, from the error block, and still links to its events', async () => {
    await open(`/sessions/${MORE_SESSIONS.failedTurn}`)
    const feed = await screen.findByRole('feed', { name: 'Transcript' }, { timeout: 5000 })
    const error = await within(feed).findByRole('group', { name: 'Error' }, { timeout: 5000 })
    expect(within(error).getByRole('link', { name: 'Show in events' })).toHaveAttribute(
      'href',
      expect.stringContaining('tab=events&event='),
    )
    const why = within(error).getByRole('button', { name: 'Why did this fail?', expanded: false })
    await userEvent.click(why)
    expect(why).toHaveAttribute('aria-expanded', 'true')
    const diagnosis = within(error).getByRole('region', { name: 'Why did this turn fail?' })
    expect(why).toHaveAttribute('aria-controls', diagnosis.id)
    expect(diagnosis).toHaveTextContent(
      'The server said: model_call_failed The model provider returned 503 three times in a row. The server does not retry this turn.',
    )
    expect(within(diagnosis).getByText('The agent’s run failed (model_call_failed)')).toBeInTheDocument()
    // The server's message ends its own sentence; the explanation does not add a second full stop.
    expect(diagnosis).toHaveTextContent('three times in a row. Check the agent’s model')
    expect(diagnosis).not.toHaveTextContent('in a row..')
    expect(
      within(diagnosis).getByRole('link', { name: 'Check the agent’s model and runtime configuration' }),
    ).toHaveAttribute('href', `/agents/${AGENT.triageBot}?tab=runtime`)
    // The missing log file was read earlier and the agent went on (ls worked): not why it failed.
    expect(within(diagnosis).queryByText(/read_file/)).not.toBeInTheDocument()
  })

  it('offers allow and deny inline for an open confirmation', async () => {
    await open(`/sessions/${SESSION.needsApproval}`)
    const feed = await screen.findByRole('feed', { name: 'Transcript' }, { timeout: 5000 })
    // The open request is the newest block: scroll to the end of the conversation.
    await within(feed).findAllByRole('article', { name: /^Tool call/ }, { timeout: 5000 })
    fireEvent.scroll(feed, { target: { scrollTop: 100_000 } })
    const waiting = await within(feed).findByRole(
      'list',
      { name: 'Waiting for your answer' },
      { timeout: 5000 },
    )
    expect(within(waiting).getByRole('button', { name: 'Allow' })).toBeInTheDocument()
    expect(within(waiting).getByRole('button', { name: 'Deny…' })).toBeInTheDocument()
  })

  it('puts the selected entry in the URL and reopens on it', async () => {
    const app = await open(`/sessions/${SESSION.buildDone}`)
    const feed = await screen.findByRole('feed', { name: 'Transcript' }, { timeout: 5000 })
    await within(feed).findAllByRole('article', { name: /^Tool call write_file/ })
    const select = within(feed).getAllByRole('button', {
      name: /^Select .+ \(its link goes in the address bar\)$/,
    })[2]
    if (!select) throw new Error('no third entry')
    await userEvent.click(select)
    await waitFor(() => expect(new URLSearchParams(app.location.search).get('entry')).not.toBeNull())
    const params = new URLSearchParams(app.location.search)
    expect(params.get('tab')).toBe('transcript')
    expect(params.get('event')).toMatch(/^evt_/)
    // Reopened as a new page: the first one is gone.
    app.unmount()
    activeServer?.close()

    await open(`/sessions/${SESSION.buildDone}?${params.toString()}`)
    const again = await screen.findByRole('feed', { name: 'Transcript' }, { timeout: 5000 })
    await waitFor(() =>
      expect(
        again.querySelector(`[data-entry="${params.get('entry') ?? ''}"] [aria-current="true"]`),
      ).not.toBeNull(),
    )
  })
})
