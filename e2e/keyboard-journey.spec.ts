import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { callApi, SEEDED } from './sessions-api'

/**
 * The whole self-hosted journey with the keyboard alone: no click, no focus() call. Controls are
 * reached with Tab (or Shift+Tab), chosen with arrows and typed into; a control that Tab cannot
 * reach fails the test.
 */
async function tabTo(page: Page, target: Locator, options: { backwards?: boolean; limit?: number } = {}) {
  const limit = options.limit ?? 120
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab')
  }
  await expect(target, `reachable with ${options.backwards ? 'Shift+Tab' : 'Tab'}`).toBeFocused()
}

/** Picks a <select> option with the arrow keys until the select holds `value`. */
async function arrowSelect(page: Page, select: Locator, value: string) {
  await expect(select).toBeFocused()
  // The choices may still be loading: wait for the one wanted before moving through them.
  await expect(select.locator(`option[value="${value}"]`)).toBeAttached()
  const count = await select.locator('option').count()
  for (let step = 0; step < count && (await select.inputValue()) !== value; step += 1) {
    await page.keyboard.press('ArrowDown')
  }
  await expect(select).toHaveValue(value)
}

/** Focus is on an element of the page, not lost on <body>. */
async function focusIsNotLost(page: Page, step: string) {
  // A control that goes away takes focus with it for a moment; the console puts it back nearby.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const element = document.activeElement
          return element !== null && element !== document.body && element !== document.documentElement
        }),
      { message: `focus after: ${step} is not on <body>` },
    )
    .toBe(true)
}

/** Focus sits inside `container` (and so not on <body>). */
async function focusIsWithin(page: Page, container: Locator, step: string) {
  await focusIsNotLost(page, step)
  await expect
    .poll(() => container.evaluate((element) => element.contains(document.activeElement)), { message: step })
    .toBe(true)
}

async function palette(page: Page, query: string, option: string | RegExp) {
  await page.keyboard.press('Control+k')
  const dialog = page.getByRole('dialog', { name: 'Command palette' })
  await expect(dialog.getByRole('combobox')).toBeFocused()
  await page.keyboard.type(query)
  await expect(dialog.getByRole('option', { selected: true })).toContainText(option)
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
}

test('self-hosted journey by keyboard alone: environment → default → session → turn → tool record', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.goto('/login')
  await tabTo(page, page.getByRole('button', { name: 'Sign in as alice' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/environments/)
  await expect(page.getByRole('table')).toBeVisible()
  // Signing in lands on the new page's heading, and the tab is named after it.
  const environmentsHeading = page.getByRole('heading', { level: 1, name: 'Environments' })
  await expect(environmentsHeading).toBeFocused()
  await expect(page).toHaveTitle('Environments · Managed Agents')

  // `?` lists the shortcuts; Escape closes it.
  await page.keyboard.press('?')
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(environmentsHeading).toBeFocused()

  // 1. Create a self-hosted environment from the palette.
  await palette(page, 'create env', 'Create environment')
  const create = page.getByRole('dialog', { name: 'Create environment' })
  await expect(create).toBeVisible()
  await focusIsWithin(page, create, 'the palette opened the create form')
  await tabTo(page, create.getByLabel('Name'))
  await page.keyboard.type('kb-workers')
  await expect(create.getByLabel('Type')).toHaveValue('self_hosted')
  await tabTo(page, create.getByRole('button', { name: 'Create environment' }))
  await page.keyboard.press('Enter')
  const keyDialog = page.getByRole('dialog', { name: 'Environment created: save its key' })
  await expect(keyDialog).toBeVisible()
  await focusIsWithin(page, keyDialog, 'the environment was created')
  const key = (await keyDialog.getByTestId('one-time-key').textContent()) ?? ''
  expect(key).toMatch(/^ek_/)
  await tabTo(page, keyDialog.getByLabel('I saved the key somewhere safe'))
  await page.keyboard.press('Space')
  await tabTo(page, keyDialog.getByRole('button', { name: 'Done' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'kb-workers', level: 1 })).toBeFocused()
  await expect(page).toHaveTitle('kb-workers · Environments · Managed Agents')
  const environmentId = /\/environments\/(env_\w+)/.exec(page.url())?.[1] ?? ''
  expect(environmentId).not.toBe('')

  // The operator starts their worker with the key (outside the console).
  const worker = await callApi(page, 'POST', '/__mock/workers', {
    workerId: 'kb-worker-1',
    environmentId,
    environmentKey: key,
  })
  expect(worker.status).toBe(201)

  // 2. Make it the triage bot's default environment.
  await palette(page, 'triage', /Triage/i)
  await expect(page).toHaveURL(new RegExp(`/agents/${SEEDED.triageBot}`))
  // By name: while the agent's screen loads, the environment's heading (level 1 too) still has focus.
  await expect(page.getByRole('heading', { level: 1, name: /triage/i })).toBeFocused()
  await tabTo(page, page.getByRole('tab', { name: 'Overview' }))
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Runtime configuration' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  const select = page.getByRole('combobox', { name: 'Default environment' })
  await expect(select.getByRole('option', { name: /kb-workers/ })).toBeAttached()
  await tabTo(page, select)
  await arrowSelect(page, select, environmentId)
  await tabTo(page, page.getByRole('button', { name: 'Save session defaults' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: /Saved as version \d+/ })).toBeVisible()
  // The save button is disabled while it saves: focus stays in the form, never on <body>.
  await focusIsWithin(page, page.getByRole('tabpanel'), 'saving the defaults')

  // 3. A new session that inherits it.
  await palette(page, 'new session', 'New session')
  const dialog = page.getByRole('dialog', { name: 'New session' })
  await expect(dialog).toBeVisible()
  await focusIsWithin(page, dialog, 'the palette opened the new session dialog')
  const agent = dialog.getByRole('combobox', { name: 'Agent' })
  await tabTo(page, agent)
  await arrowSelect(page, agent, SEEDED.triageBot)
  await expect(dialog.getByTestId('inherited-environment')).toContainText('kb-workers (Self-hosted)')
  await tabTo(page, dialog.getByRole('button', { name: 'Create session' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/sessions\/sess_/)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  const sessionId = /\/sessions\/(sess_\w+)/.exec(page.url())?.[1] ?? ''
  await expect(page).toHaveTitle(`${sessionId} · Sessions · Managed Agents`)

  // 4. The environment check turn: it suspends, the worker claims it, it completes.
  await tabTo(page, page.getByRole('button', { name: 'Verify this environment' }))
  await page.keyboard.press('Enter')
  await expect(
    page.getByRole('status').filter({ hasText: /Environment check turn_\w+ accepted/ }),
  ).toBeVisible()
  await focusIsWithin(page, page.getByRole('main'), 'sending the turn')
  // The transcript (the default tab) shows the turn finishing.
  const transcript = page.getByRole('feed', { name: 'Transcript' })
  await expect(
    transcript.getByRole('article', { name: /^Turn 1: Write environment-check\.txt/ }).getByText('completed'),
  ).toBeVisible({
    timeout: 60_000,
  })

  // The event log (Transcript → Waterfall → Events by arrow keys in the tab list).
  await tabTo(page, page.getByRole('tab', { name: 'Transcript' }), { backwards: true })
  // Each press is read off the screen before the next, as a keyboard user does; presses that come
  // faster than a panel renders are the Tabs component test's case.
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Waterfall' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true')
  const timeline = page.getByRole('list', { name: 'Session events' })
  await expect(timeline.getByRole('button', { name: /turn\.completed/ })).toBeVisible()

  // The timeline is one Tab stop: Tab enters it, the arrows move inside, Tab leaves it.
  await tabTo(page, timeline.locator('[tabindex="0"]'))
  await focusIsWithin(page, timeline, 'tabbing into the timeline')
  await page.keyboard.press('Home')
  await expect(timeline.locator('[data-index="0"] [data-row-focus]')).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(timeline.locator('[data-index="1"] [data-row-focus]')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(timeline.locator('[data-index="1"] [aria-current="true"]')).toBeFocused()
  await page.keyboard.press('Tab')
  await focusIsNotLost(page, 'leaving the timeline')
  expect(await timeline.evaluate((element) => element.contains(document.activeElement))).toBe(false)
  await page.keyboard.press('Shift+Tab')
  await expect(timeline.locator('[data-index="1"] [data-row-focus]')).toBeFocused()

  // 5. Open its tool records and follow one back to its events.
  await tabTo(page, page.getByRole('tab', { name: 'Events' }), { backwards: true })
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Tool records' })).toHaveAttribute('aria-selected', 'true')
  const write = page.getByRole('article', { name: /^Tool call write_file/ })
  await expect(write.getByText('Claimed by worker kb-worker-1')).toBeVisible()
  await tabTo(page, write.getByRole('link', { name: 'Show in events' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/tab=events&event=evt_/)
  await expect(page.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true')
  // The link went away with its tab: focus moved to what is left near it, not to <body>.
  await focusIsWithin(page, page.getByRole('main'), 'following the tool record to its events')
})
