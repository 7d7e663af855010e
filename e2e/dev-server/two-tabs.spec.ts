import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'

/**
 * `npm run dev` with several tabs. The dev server sends the console's sources as modules, one
 * request each, through the service worker the demo backend answers from, and a tab that follows
 * another forwards what it takes for API calls to the leading tab (src/mocks/tab-relay.ts). Paths
 * like `/src/api/command-base-url.ts` were taken for API calls, so a lazily loaded screen failed in
 * a following tab with "This screen could not be loaded" (src/mocks/lib/mock-routes.ts).
 */

async function signIn(page: Page) {
  await page.goto('/login?next=%2Fenvironments')
  await page.getByRole('button', { name: 'Sign in as alice' }).click()
  await expect(page).toHaveURL(/\/environments/)
  await expect(page.getByRole('heading', { name: 'Environments', level: 1 })).toBeVisible()
}

/** Console errors of a tab the fixture does not watch (it watches the first one). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`))
  return errors
}

async function createRemoteEnvironment(page: Page, name: string) {
  await page.getByRole('button', { name: 'Create environment' }).first().click()
  const create = page.getByRole('dialog', { name: 'Create environment' })
  await expect(create).toBeVisible()
  await create.getByLabel('Name').fill(name)
  await create.getByLabel('Type').selectOption('remote')
  await create.getByRole('button', { name: 'Create environment' }).click()
  const keyDialog = page.getByRole('dialog', { name: 'Environment created: save its key' })
  await keyDialog.getByLabel('I saved the key somewhere safe').check()
  await keyDialog.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
}

test('three tabs of the dev server each open Create environment and create one, whichever tab leads', async ({
  context,
  page,
}) => {
  test.setTimeout(120_000)
  const tabs = [page, await context.newPage(), await context.newPage()]
  const errors = tabs.slice(1).map(consoleErrors)
  // Failed module loads show as answers from the service worker; none may fail.
  const failedFiles: string[] = []
  context.on('response', (response) => {
    const { pathname } = new URL(response.url())
    if (response.status() >= 400 && !/^\/(api|__mock)\//.test(pathname)) {
      failedFiles.push(`${response.status()} ${pathname}`)
    }
  })
  for (const tab of tabs) await signIn(tab)

  // The first tab leads; the second and third follow. Each loads the create flow for the first time.
  for (const [index, tab] of tabs.entries()) {
    await tab.bringToFront()
    await createRemoteEnvironment(tab, `made-in-tab-${index + 1}`)
    await expect(tab.getByText('This screen could not be loaded')).toHaveCount(0)
  }

  // The leading tab goes; another takes over, and a reloaded tab loads the flow anew as a follower.
  await page.close()
  const [second, third] = [tabs[1]!, tabs[2]!]
  await third.goto('/environments')
  await third.getByRole('button', { name: 'Create environment' }).first().click()
  await expect(third.getByRole('dialog', { name: 'Create environment' })).toBeVisible()
  await third.keyboard.press('Escape')
  await second.goto('/environments')
  for (const name of ['made-in-tab-1', 'made-in-tab-2', 'made-in-tab-3']) {
    await expect(second.getByRole('link', { name })).toBeVisible()
  }

  expect(failedFiles, 'no file of the console answered with an error').toEqual([])
  expect(errors.flat(), 'no console errors in the other tabs').toEqual([])
})
