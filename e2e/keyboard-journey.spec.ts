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

  // `?` lists the shortcuts; Escape closes it.
  await page.keyboard.press('?')
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
  await page.keyboard.press('Escape')

  // 1. Create a self-hosted environment from the palette.
  await palette(page, 'create env', 'Create environment')
  const create = page.getByRole('dialog', { name: 'Create environment' })
  await expect(create).toBeVisible()
  await tabTo(page, create.getByLabel('Name'))
  await page.keyboard.type('kb-workers')
  await expect(create.getByLabel('Type')).toHaveValue('self_hosted')
  await tabTo(page, create.getByRole('button', { name: 'Create environment' }))
  await page.keyboard.press('Enter')
  const keyDialog = page.getByRole('dialog', { name: 'Environment created: save its key' })
  await expect(keyDialog).toBeVisible()
  const key = (await keyDialog.getByTestId('one-time-key').textContent()) ?? ''
  expect(key).toMatch(/^ek_/)
  await tabTo(page, keyDialog.getByLabel('I saved the key somewhere safe'))
  await page.keyboard.press('Space')
  await tabTo(page, keyDialog.getByRole('button', { name: 'Done' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'kb-workers', level: 1 })).toBeVisible()
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

  // 3. A new session that inherits it.
  await palette(page, 'new session', 'New session')
  const dialog = page.getByRole('dialog', { name: 'New session' })
  await expect(dialog).toBeVisible()
  const agent = dialog.getByRole('combobox', { name: 'Agent' })
  await tabTo(page, agent)
  await arrowSelect(page, agent, SEEDED.triageBot)
  await expect(dialog.getByTestId('inherited-environment')).toContainText('kb-workers (self_hosted)')
  await tabTo(page, dialog.getByRole('button', { name: 'Create session' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/sessions\/sess_/)

  // 4. The environment check turn: it suspends, the worker claims it, it completes.
  await tabTo(page, page.getByRole('button', { name: 'Verify this environment' }))
  await page.keyboard.press('Enter')
  await expect(
    page.getByRole('status').filter({ hasText: /Environment check turn_\w+ accepted/ }),
  ).toBeVisible()
  // The transcript (the default tab) shows the turn finishing.
  const transcript = page.getByRole('feed', { name: 'Transcript' })
  await expect(transcript.getByRole('article', { name: /^Turn turn_/ }).getByText('completed')).toBeVisible({
    timeout: 60_000,
  })

  // 5. Open its tool records and follow one back to its events.
  // Transcript → Waterfall → Events → Tool records.
  await tabTo(page, page.getByRole('tab', { name: 'Transcript' }), { backwards: true })
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Tool records' })).toHaveAttribute('aria-selected', 'true')
  const write = page.getByRole('article', { name: /^Tool call write_file/ })
  await expect(write.getByText('Claimed by worker kb-worker-1')).toBeVisible()
  await tabTo(page, write.getByRole('link', { name: 'Show in events' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/tab=events&event=evt_/)
  await expect(page.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true')
})
