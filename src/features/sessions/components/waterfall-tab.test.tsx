import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { SESSION } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

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
})
