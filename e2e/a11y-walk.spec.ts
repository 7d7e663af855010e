import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { SEEDED } from './sessions-api'

/**
 * Walks every route, every tab and every dialog in the light and the dark theme (the theme
 * follows the system preference, emulated here) and runs axe on each. Dialogs are opened and
 * closed by keyboard-reachable controls, and focus must come back to the control that opened them.
 */
type Check = (page: Page, context: string) => Promise<void>

async function openDialog(
  page: Page,
  trigger: Locator,
  name: string | RegExp,
  checkA11y: Check,
  context: string,
) {
  await trigger.focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name })
  await expect(dialog).toBeVisible()
  // Focus is inside the dialog (trapped there by Radix)…
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
  await checkA11y(page, context)
  return dialog
}

/** Nothing on the screen is still loading (sessions stream forever, so no "network idle"). */
async function settled(page: Page) {
  await expect(
    page
      .locator('main')
      .getByRole('status')
      .filter({ hasText: /Loading/ }),
  ).toHaveCount(0, {
    timeout: 20_000,
  })
}

async function closeDialog(page: Page, dialog: Locator, trigger: Locator) {
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  // …and back on the control that opened it.
  await expect(trigger).toBeFocused()
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe finds nothing on every route, tab and dialog (${theme})`, async ({ page, login, checkA11y }) => {
    test.setTimeout(180_000)
    await page.emulateMedia({ colorScheme: theme })
    const context = (name: string) => `${name} (${theme})`

    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'Sign in as alice' })).toBeVisible()
    await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark)/)
    await checkA11y(page, context('login'))

    await login('alice')
    await expect(page.getByRole('table')).toBeVisible()
    await checkA11y(page, context('environments'))
    const create = page.getByRole('button', { name: 'Create environment' }).first()
    let dialog = await openDialog(
      page,
      create,
      'Create environment',
      checkA11y,
      context('create environment'),
    )
    await closeDialog(page, dialog, create)
    dialog = await openDialog(page, create, 'Create environment', checkA11y, context('create environment'))
    await dialog.getByLabel('Name').fill(`a11y-${theme}`)
    await dialog.getByRole('button', { name: 'Create environment' }).click()
    const keyDialog = page.getByRole('dialog', { name: 'Environment created: save its key' })
    await expect(keyDialog).toBeVisible()
    await checkA11y(page, context('one-time key dialog'))
    await keyDialog.getByLabel('I saved the key somewhere safe').check()
    await keyDialog.getByRole('button', { name: 'Done' }).click()
    await expect(keyDialog).toBeHidden()

    await page.goto(`/environments/${SEEDED.buildWorkers}`)
    await expect(page.getByRole('heading', { name: 'build-workers', level: 1 })).toBeVisible()
    await checkA11y(page, context('environment overview'))
    for (const tab of ['Workers & claims', 'Usage']) {
      await page.getByRole('tab', { name: tab }).click()
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
      await settled(page)
      await checkA11y(page, context(`environment ${tab}`))
    }
    for (const [button, title] of [
      ['Rotate key', /Rotate the key of build-workers/],
      ['Archive', /Archive build-workers/],
      ['Delete', /Delete build-workers/],
    ] as const) {
      const trigger = page.getByRole('button', { name: button, exact: true })
      dialog = await openDialog(page, trigger, title, checkA11y, context(`${button} dialog`))
      await closeDialog(page, dialog, trigger)
    }

    await page.goto(`/environments/${SEEDED.buildWorkers}/edit`)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await settled(page)
    await checkA11y(page, context('environment editor'))
    await page.getByLabel(/Isolation scope/).selectOption('USER')
    const review = page.getByRole('button', { name: 'Review changes' })
    dialog = await openDialog(page, review, 'Review changes', checkA11y, context('review changes dialog'))
    await closeDialog(page, dialog, review)

    await page.goto('/agents')
    await expect(page.getByRole('table')).toBeVisible()
    await checkA11y(page, context('agents'))
    await page.goto(`/agents/${SEEDED.triageBot}`)
    for (const tab of ['Overview', 'Runtime configuration', 'Versions']) {
      await page.getByRole('tab', { name: tab }).click()
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
      await settled(page)
      await checkA11y(page, context(`agent ${tab}`))
    }
    await page.getByRole('tab', { name: 'Runtime configuration' }).click()
    const curl = page.getByRole('button', { name: /curl/i }).first()
    dialog = await openDialog(page, curl, /curl/i, checkA11y, context('agent curl dialog'))
    await closeDialog(page, dialog, curl)

    await page.goto('/sessions')
    await expect(page.getByRole('table')).toBeVisible()
    await checkA11y(page, context('sessions'))
    const newSession = page.getByRole('button', { name: 'New session' })
    dialog = await openDialog(page, newSession, 'New session', checkA11y, context('new session dialog'))
    await closeDialog(page, dialog, newSession)
    const archive = page.getByRole('button', { name: `Archive ${SEEDED.buildDone}` })
    dialog = await openDialog(page, archive, /Archive/, checkA11y, context('archive session dialog'))
    await closeDialog(page, dialog, archive)

    await page.goto(`/sessions/${SEEDED.needsApproval}`)
    await expect(page.getByRole('feed', { name: 'Transcript' })).toBeVisible()
    await settled(page)
    await checkA11y(page, context('session transcript'))
    for (const tab of ['Events', 'Tool records', 'Snapshot', 'Environment']) {
      await page.getByRole('tab', { name: tab }).click()
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
      await settled(page)
      await checkA11y(page, context(`session ${tab}`))
    }
    // A finished session can move; the one awaiting approval above cannot.
    await page.goto(`/sessions/${SEEDED.buildDone}?tab=environment`)
    await settled(page)
    await page.getByLabel('New environment', { exact: true }).selectOption({ index: 1 })
    const change = page.getByRole('button', { name: 'Change environment…' })
    dialog = await openDialog(
      page,
      change,
      /Change the session/,
      checkA11y,
      context('change environment dialog'),
    )
    await closeDialog(page, dialog, change)

    await page.goto('/nowhere')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await checkA11y(page, context('not found'))

    // The shell's own dialogs: the command palette, the shortcut list and the Demo panel.
    await page.goto('/environments')
    await expect(page.getByRole('table')).toBeVisible()
    await page.keyboard.press('Control+k')
    dialog = page.getByRole('dialog', { name: 'Command palette' })
    await expect(dialog).toBeVisible()
    await checkA11y(page, context('command palette'))
    await page.keyboard.press('Escape')
    await page.keyboard.press('?')
    dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(dialog).toBeVisible()
    await checkA11y(page, context('shortcuts'))
    await page.keyboard.press('Escape')
    const demo = page.getByRole('button', { name: /Demo backend/ })
    dialog = await openDialog(page, demo, /Demo backend/, checkA11y, context('demo panel'))
    await closeDialog(page, dialog, demo)
  })
}
