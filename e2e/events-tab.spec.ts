import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { fiveMegabyteOutput } from './hostile-corpus'
import { callApi, SEEDED } from './sessions-api'

/** The Events tab's timeline as a keyboard and screen-magnifier user meets it. */

async function openTimeline(page: Page, sessionId: string) {
  const timeline = page.getByRole('list', { name: 'Session events' })
  await expect(timeline.locator('[data-event-id]').first()).toBeVisible()
  await expect(page.getByTestId('live-status')).toContainText('Live', { timeout: 30_000 })
  expect(page.url()).toContain(sessionId)
  return timeline
}

/** The focused row's control, as the page sees it. */
const focusedEventId = (page: Page) =>
  page.evaluate(
    () => document.activeElement?.closest('[data-event-id]')?.getAttribute('data-event-id') ?? null,
  )

async function rowShot(row: Locator) {
  return (await row.screenshot()).toString('base64')
}

test.describe('events tab', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`the focused row shows a focus ring (${theme})`, async ({ page, login }) => {
      await login('alice', `/sessions/${SEEDED.buildDone}?tab=events`)
      const toggle = page.getByRole('button', { name: /; switch to / })
      const wanted = theme === 'light' ? /^Light theme;/ : /^Dark theme;/
      for (
        let clicks = 0;
        clicks < 3 && !wanted.test((await toggle.getAttribute('aria-label')) ?? '');
        clicks += 1
      )
        await toggle.click()
      await expect(toggle).toHaveAttribute('aria-label', wanted)
      const timeline = await openTimeline(page, SEEDED.buildDone)
      const stop = timeline.locator('[tabindex="0"]')
      await expect(stop).toHaveCount(1)
      // The timeline follows the toolbar in the Tab order.
      await page.getByRole('button', { name: 'Download events' }).focus()
      await page.keyboard.press('Tab')
      await expect(stop).toBeFocused()
      await page.keyboard.press('ArrowDown')
      const row = timeline.locator('[data-index]').filter({ has: page.locator(':focus') })
      const index = await row.getAttribute('data-index')
      const focused = await rowShot(row)
      // The same row without focus (Tab moves on; the row stays the list's Tab stop).
      await page.keyboard.press('Tab')
      const unfocused = await rowShot(timeline.locator(`[data-index="${index}"]`))
      expect(focused, 'the focus ring is painted (not clipped by the row)').not.toBe(unfocused)
    })
  }

  test('scrolling away and live events keep focus on the focused row', async ({ page, login }) => {
    await login('alice', `/sessions/${SEEDED.largeHistory}?tab=events`)
    const timeline = await openTimeline(page, SEEDED.largeHistory)
    await timeline.locator('[tabindex="0"]').focus()
    await page.keyboard.press('Home')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    const focused = await focusedEventId(page)
    expect(focused).not.toBeNull()
    // Far past the rendered rows: the focused one is kept in the DOM.
    await timeline.evaluate((element) => {
      element.scrollTop = element.scrollHeight
    })
    await expect(timeline.locator('[data-index="300"]')).toHaveCount(0)
    await expect.poll(() => focusedEventId(page)).toBe(focused)
    const answer = await callApi(page, 'POST', `/__mock/sessions/${SEEDED.largeHistory}/events`, {
      events: [1, 2, 3].map((n) => ({ type: 'session.hint', data: { message: `live ${n}` } })),
    })
    expect(answer.status).toBe(201)
    await expect(timeline.getByRole('button', { name: /live 3/ })).toBeAttached()
    expect(await focusedEventId(page)).toBe(focused)
    // Arrow keys bring the focused row back into view.
    await page.keyboard.press('ArrowDown')
    await expect(page.locator(':focus')).toBeInViewport()
  })

  test('the search counter says how many events match, and no empty JSON column is shown', async ({
    page,
    login,
  }) => {
    await login('alice', `/sessions/${SEEDED.buildDone}?tab=events`)
    const timeline = await openTimeline(page, SEEDED.buildDone)
    await expect(page.getByRole('region', { name: 'Selected event' })).toHaveCount(0)
    const list = await timeline.boundingBox()
    const toolbar = await page.getByRole('group', { name: 'Categories' }).boundingBox()
    const main = await page.getByRole('main').boundingBox()
    // The timeline takes the width the toolbar has, not three fifths of it.
    expect(list && main && toolbar && list.width).toBeGreaterThan((main?.width ?? 0) * 0.8)
    const total = Number(((await page.locator('#timeline-keys').textContent()) ?? '').replace(/\D.*$/s, ''))
    expect(total).toBeGreaterThan(0)
    await page.getByRole('searchbox', { name: 'Search events' }).fill('tool.')
    await expect(page.locator('#timeline-keys')).toContainText(new RegExp(`^\\d+ of ${total} events\\.`))
    const matched = Number(((await page.locator('#timeline-keys').textContent()) ?? '').replace(/\D.*$/s, ''))
    expect(matched).toBeGreaterThan(0)
    expect(matched).toBeLessThan(total)
  })

  test('nested tool rows end inside the list, with an ellipsis like top-level rows', async ({
    page,
    login,
  }) => {
    await login('alice', `/sessions/${SEEDED.buildDone}?tab=events`)
    const timeline = await openTimeline(page, SEEDED.buildDone)
    const rows = await timeline.locator('[data-row-kind="event"]').evaluateAll((elements) =>
      elements.map((row) => {
        const control = row.querySelector('button')
        const summary = control?.lastElementChild
        const box = row.getBoundingClientRect()
        return {
          isNested: control?.classList.contains('ml-6') ?? false,
          overflowsRow: (control?.getBoundingClientRect().right ?? 0) > box.right + 0.5,
          summaryEnd: summary ? summary.getBoundingClientRect().right - box.right : 0,
          ellipsis: summary ? getComputedStyle(summary).textOverflow : '',
        }
      }),
    )
    const nested = rows.filter((row) => row.isNested)
    expect(nested.length).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row.overflowsRow).toBe(false)
      expect(row.summaryEnd).toBeLessThanOrEqual(0.5)
      expect(row.ellipsis).toBe('ellipsis')
    }
  })

  test('selecting a 5 MB event scrolls neither the window nor the header away', async ({ page, login }) => {
    test.setTimeout(90_000)
    await login('alice', `/sessions/${SEEDED.fresh}?tab=events`)
    const timeline = await openTimeline(page, SEEDED.fresh)
    const tool = { turn_id: 'turn_big', run_id: 'run_big', tool_call_id: 'call_big', name: 'execute' }
    const answer = await callApi(page, 'POST', `/__mock/sessions/${SEEDED.fresh}/events`, {
      events: [
        {
          type: 'tool.requested',
          data: { ...tool, input: { command: 'cat huge.log' }, status: 'requested' },
        },
        {
          type: 'tool.completed',
          data: { ...tool, status: 'completed', output: [{ type: 'text', text: fiveMegabyteOutput() }] },
        },
      ],
    })
    expect(answer.status).toBe(201)
    const big = timeline.getByRole('button', { name: /tool\.completed/ }).last()
    await expect(big).toBeVisible({ timeout: 30_000 })
    await big.click()
    const selected = page.getByRole('region', { name: 'Selected event' })
    await expect(selected.getByText(/Showing 20,000 of [\d,]+ characters/)).toBeVisible()
    await page.keyboard.press('k')
    await page.keyboard.press('j')
    await expect(big).toHaveAttribute('aria-current', 'true')
    const position = await page.evaluate(() => ({
      windowY: window.scrollY,
      windowX: window.scrollX,
      headerTop: document.querySelector('header')?.getBoundingClientRect().top ?? -1,
    }))
    expect(position).toEqual({ windowY: 0, windowX: 0, headerTop: 0 })
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport()
  })
})

test('single-key shortcuts stay out of fields and dialogs, and can be turned off', async ({
  page,
  login,
}) => {
  await login('alice', `/sessions/${SEEDED.buildDone}?tab=events`)
  await openTimeline(page, SEEDED.buildDone)
  const selectedEvent = () => new URL(page.url()).searchParams.get('event')
  // In a text field j is a letter.
  const search = page.getByRole('searchbox', { name: 'Search events' })
  await search.focus()
  await page.keyboard.press('j')
  await expect(search).toHaveValue('j')
  expect(selectedEvent()).toBeNull()
  await search.fill('')
  // Behind a dialog nothing moves.
  await page.getByRole('main').focus()
  await page.keyboard.press('?')
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(shortcuts).toContainText('act only when focus is not in a text field or a dialog')
  await page.keyboard.press('j')
  await page.keyboard.press('g')
  await page.keyboard.press('e')
  expect(selectedEvent()).toBeNull()
  await expect(page).toHaveURL(/\/sessions\//)
  // Turned off there, and remembered in this browser.
  await shortcuts.getByRole('checkbox', { name: /Single-key shortcuts/ }).uncheck()
  await page.keyboard.press('Escape')
  await page.reload()
  await openTimeline(page, SEEDED.buildDone)
  await page.getByRole('main').focus()
  await page.keyboard.press('j')
  await page.keyboard.press('?')
  expect(selectedEvent()).toBeNull()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // Ctrl+K still opens the palette, and from it the shortcut list, where they go back on.
  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await expect(palette.getByRole('combobox')).toBeFocused()
  await page.keyboard.type('keyboard shortcuts')
  await expect(palette.getByRole('option', { selected: true })).toContainText('Keyboard shortcuts')
  await page.keyboard.press('Enter')
  await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('checkbox').check()
  await page.keyboard.press('Escape')
  await page.getByRole('main').focus()
  await page.keyboard.press('j')
  await expect.poll(selectedEvent).not.toBeNull()
})
