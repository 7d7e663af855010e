import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { SESSION } from '@/mocks/seed/fixture-ids'
import { setLocale } from '@/i18n'
import { listCheckpoints } from '@/mocks/lib/checkpoints'
import { renderApp } from '@/testing/render-app'
import { formatOffset } from '../models/waterfall'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

describe('waterfall tab', () => {
  it('draws turns, runs, tool calls and worker waits, operable by keyboard, opening the transcript', async () => {
    const app = await renderApp(`/sessions/${SESSION.buildDone}?tab=waterfall`, { namespace: 'default' })
    activeServer = app.server
    const waterfall = await screen.findByRole('group', { name: 'Waterfall' }, { timeout: 5000 })
    const turns = within(waterfall).getAllByRole('region', { name: /^Turn turn_/ })
    expect(turns.length).toBe(2)
    expect(turns[0]).toHaveTextContent(/Model .* · tools .* · waiting for a worker .*/)
    const write = await within(turns[0] as HTMLElement).findByRole('button', {
      name: /^Tool write_file: .*, completed \(claimed by worker-/,
    })
    expect(
      within(turns[0] as HTMLElement).getAllByRole('button', { name: /^Waiting for a worker write_file/ }),
    ).toHaveLength(1)

    // One tab stop; arrows move between bars, + zooms, Enter opens the entry.
    const bars = within(waterfall).getAllByRole('button')
    expect(bars.filter((bar) => bar.tabIndex === 0)).toHaveLength(1)
    bars[0]?.focus()
    await userEvent.keyboard('{ArrowRight}')
    expect(bars[1]).toHaveFocus()
    const widthBefore = Number.parseFloat(write.style.width)
    await userEvent.keyboard('+')
    await waitFor(() => expect(Number.parseFloat(write.style.width)).toBeGreaterThan(widthBefore))
    write.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(new URLSearchParams(app.location.search).get('tab')).toBe('transcript'))
    const params = new URLSearchParams(app.location.search)
    expect(params.get('entry')).toMatch(/^tool:turn_.+:toolu_/)
    expect(params.get('event')).toMatch(/^evt_/)
    const feed = await screen.findByRole('feed', { name: 'Transcript' })
    await waitFor(() =>
      expect(
        feed.querySelector(`[data-entry="${params.get('entry') ?? ''}"] [aria-current="true"]`),
      ).not.toBeNull(),
    )
  })

  it('marks each checkpoint of the turns drawn on the axis, and a mark opens it on the checkpoints tab', async () => {
    const app = await renderApp(`/sessions/${SESSION.buildDone}?tab=waterfall`, { namespace: 'default' })
    activeServer = app.server
    const waterfall = await screen.findByRole('group', { name: 'Waterfall' }, { timeout: 5000 })
    const row = await within(waterfall).findByRole('list', { name: 'Checkpoints on this axis' })
    const marks = within(row).getAllByRole('link')
    // One mark per checkpoint the server lists for this session (its runs completed).
    const record = app.backend.db.sessions.get(SESSION.buildDone)
    if (!record) throw new Error('no seeded session')
    const listed = listCheckpoints(record, null, 1000)
    const ids = 'data' in listed ? listed.data.map((item) => item.checkpoint_id) : []
    expect(ids.length).toBeGreaterThan(0)
    expect(marks.map((mark) => mark.getAttribute('data-checkpoint'))).toEqual(ids)
    expect(marks[0]).toHaveAccessibleName(new RegExp(`^Checkpoint ${ids[0] ?? ''}: After the run, at `))
    // Each mark is a target of its own, 24 px wide, and none overlaps the next.
    const lefts = marks.map((mark) => Number.parseFloat(mark.parentElement?.style.left ?? 'NaN'))
    lefts.slice(1).forEach((left, index) => expect(left - (lefts[index] ?? 0)).toBeGreaterThanOrEqual(24))
    expect(within(waterfall.parentElement ?? waterfall).getByText('Checkpoint')).toBeInTheDocument()

    await userEvent.click(marks[0] as HTMLElement)
    await waitFor(() => expect(new URLSearchParams(app.location.search).get('tab')).toBe('checkpoints'))
    expect(new URLSearchParams(app.location.search).get('checkpoint')).toBe(ids[0])
    expect(
      await screen.findByRole('button', { name: `Choose this checkpoint: ${ids[0] ?? ''}`, pressed: true }),
    ).toBeInTheDocument()
  })

  it.each([
    ['en', 'Waterfall', /^0 s$/, / s$/],
    ['zh-CN', '瀑布图', /^0 秒$/, / 秒$/],
  ] as const)(
    'labels the time axis with offsets from the first bar (%s)',
    async (locale, name, zero, unit) => {
      await setLocale(locale)
      try {
        const app = await renderApp(`/sessions/${SESSION.buildDone}?tab=waterfall`, { namespace: 'default' })
        activeServer = app.server
        await screen.findByRole('group', { name }, { timeout: 5000 })
        const labels = [...screen.getByTestId('waterfall-axis').querySelectorAll('span')]
          .map((label) => label.textContent ?? '')
          .filter((text) => text !== '⋯')
        expect(labels.length).toBeGreaterThanOrEqual(3)
        expect(labels[0]).toMatch(zero)
        for (const label of labels) expect(label).toMatch(unit)
        // No mark says a range it cannot tell apart.
        for (const mark of screen.queryAllByRole('img'))
          expect(mark).not.toHaveAccessibleName(/between 0 s and 0 s|0 秒 至 0 秒/)
      } finally {
        await setLocale('en')
      }
    },
  )

  it('marks when the worker claimed the call and when it posted the result, on the wait, at their times', async () => {
    const app = await renderApp(`/sessions/${SESSION.buildDone}?tab=waterfall`, { namespace: 'default' })
    activeServer = app.server
    // The known log: the first write_file of the session and the work item that carried it.
    const record = app.backend.db.sessions.get(SESSION.buildDone)
    if (!record) throw new Error('no seeded session')
    const timeOf = (type: string) => {
      const event = record.events.find(
        (candidate) => candidate.type === type && candidate.data.name === 'write_file',
      )
      if (!event) throw new Error(`no ${type}`)
      return { at: event.created_at, turnId: String(event.data.turn_id) }
    }
    const requested = timeOf('tool.requested')
    const completed = timeOf('tool.completed')
    const item = [...app.backend.db.workItems.values()]
      .filter((candidate) => candidate.sessionId === SESSION.buildDone && candidate.createdAt <= completed.at)
      .sort((a, b) => b.createdAt - a.createdAt)[0]
    if (!item?.claimedBy) throw new Error('no claimed work item')
    // The wait begins when the turn suspends for the call; a claim cannot be drawn before it.
    const suspended = record.events.find(
      (event) =>
        event.type === 'turn.requires_action' &&
        event.data.turn_id === requested.turnId &&
        event.created_at >= requested.at,
    )
    if (!suspended) throw new Error('no suspension')
    const claimFrom = Math.max(item.createdAt, suspended.created_at)

    const waterfall = await screen.findByRole('group', { name: 'Waterfall' }, { timeout: 5000 })
    const turn = within(waterfall).getByRole('region', { name: `Turn ${requested.turnId}` })
    const result = await within(turn).findByRole('img', {
      name: `Result posted by ${item.claimedBy}, ${formatOffset(completed.at - requested.at)} after the call was requested`,
    })
    // The server records no claim time: the claim falls between the work being queued and the result.
    const claim = within(turn).getByRole('img', {
      name: `Claimed by ${item.claimedBy} between ${formatOffset(claimFrom - requested.at)} and ${formatOffset(completed.at - requested.at)} after the call was requested (the server does not record the moment)`,
    })
    const wait = within(turn).getByRole('button', { name: /^Waiting for a worker write_file/ })
    // Moving to the wait with the keys says its marks too.
    expect(wait).toHaveAccessibleName(expect.stringContaining(`Result posted by ${item.claimedBy}`))
    const px = (element: HTMLElement, property: 'left' | 'width') =>
      Number.parseFloat(element.style[property])
    expect(px(claim, 'left')).toBeGreaterThanOrEqual(px(wait, 'left'))
    expect(px(result, 'left')).toBeGreaterThan(px(claim, 'left'))
    expect(px(result, 'left')).toBeLessThanOrEqual(px(wait, 'left') + px(wait, 'width'))
    // The claim's range ends where the result was posted.
    expect(px(claim, 'left') + px(claim, 'width')).toBeCloseTo(px(result, 'left'), 1)
    // Both are explained in the legend.
    expect(screen.getByText('Claimed by the worker')).toBeInTheDocument()
    expect(screen.getByText('Result posted')).toBeInTheDocument()
  })
})
