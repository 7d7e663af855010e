import { expect, test } from './fixtures'
import { callApi } from './sessions-api'

/**
 * Two tabs of the demo share one backend: one tab leads and owns it, the other forwards its
 * requests there (src/mocks/tab-relay.ts). A change made in either tab shows in the other, and
 * neither tab's change is lost when both reload.
 */
test('two tabs see one demo backend and neither loses the other’s change after both reload', async ({
  context,
  page,
  login,
}) => {
  test.setTimeout(90_000)
  await login('alice')
  const second = await context.newPage()
  await second.goto('/login?next=%2Fenvironments')
  await second.getByRole('button', { name: 'Sign in as alice' }).click()
  await expect(second).toHaveURL(/\/environments/)

  const fromFirst = await callApi(page, 'POST', '/api/environments', {
    name: 'made-in-tab-one',
    type: 'remote',
  })
  expect(fromFirst.status).toBe(200)
  await second.reload()
  await expect(second.getByRole('link', { name: 'made-in-tab-one' })).toBeVisible()

  const fromSecond = await callApi(second, 'POST', '/api/environments', {
    name: 'made-in-tab-two',
    type: 'remote',
  })
  expect(fromSecond.status).toBe(200)
  await page.reload()
  await expect(page.getByRole('link', { name: 'made-in-tab-two' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'made-in-tab-one' })).toBeVisible()

  // Both reload, the leading tab first (the other takes over from the saved state), then the other.
  await page.waitForTimeout(1_500)
  await page.reload()
  await second.reload()
  for (const tab of [page, second]) {
    await expect(tab.getByRole('link', { name: 'made-in-tab-one' })).toBeVisible()
    await expect(tab.getByRole('link', { name: 'made-in-tab-two' })).toBeVisible()
  }
  await second.close()
})
