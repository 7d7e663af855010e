import { expect, test } from './fixtures'
import { callApi, SEEDED } from './sessions-api'

/**
 * The mock answers like the server's code by default and like the newest docs on request: the
 * Demo panel's switch (kept across reloads) and `?mockVariant=docs` both pick the docs variant,
 * and the console shows the sessions either way.
 */
test('the Demo panel switches the mock between the code and the docs shapes, and the console reads both', async ({
  page,
  login,
}) => {
  await login('alice', '/sessions')
  await expect(page.getByRole('link', { name: SEEDED.buildDone })).toBeVisible()
  expect(Array.isArray((await callApi(page, 'GET', '/api/v1/agent-sessions')).body)).toBe(true)

  await page.getByRole('button', { name: 'Demo backend' }).click()
  const panel = page.getByRole('dialog', { name: 'Demo backend controls' })
  await expect(panel.getByRole('radio', { name: /The server’s code/ })).toBeChecked()
  await panel.getByRole('radio', { name: /The newest docs/ }).click()
  // The console reloads in the other shape.
  await expect(page.getByRole('link', { name: SEEDED.buildDone })).toBeVisible()
  const paged = (await callApi(page, 'GET', '/api/v1/agent-sessions')).body as { items: unknown[] }
  expect(Array.isArray(paged.items)).toBe(true)
  expect(await page.evaluate(() => localStorage.getItem('asc.mock.variant'))).toBe('docs')

  await page.getByRole('button', { name: 'Demo backend' }).click()
  await expect(panel.getByRole('radio', { name: /The newest docs/ })).toBeChecked()
  await panel.getByRole('radio', { name: /The server’s code/ }).click()
  await expect(page.getByRole('link', { name: SEEDED.buildDone })).toBeVisible()
  expect(Array.isArray((await callApi(page, 'GET', '/api/v1/agent-sessions')).body)).toBe(true)
})

test('?mockVariant=docs starts the demo backend in the docs variant', async ({ page, login }) => {
  await page.goto('/login?mockVariant=docs')
  // The demo backend has started (and kept the variant) once the sign-in page shows its users.
  await expect(page.getByRole('button', { name: 'Sign in as alice' })).toBeVisible()
  await login('alice', '/sessions')
  await expect(page.getByRole('link', { name: SEEDED.buildDone })).toBeVisible()
  const state = (await callApi(page, 'GET', '/__mock/state')).body as { policy: { apiVariant: string } }
  expect(state.policy.apiVariant).toBe('docs')
})
