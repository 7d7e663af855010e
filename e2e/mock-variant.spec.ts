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

/**
 * Against a Gateway of the 2026-08 release (no Agent Session API, no agent catalog definitions,
 * sessions only under /api/sessions) the console learns at sign-in what the server serves:
 * Environments work, Agents and Sessions say in one sentence what is missing, and the Server page
 * lists the families. The fixture fails the test on any console error.
 */
test('the 2026-08 release variant: Environments work, Agents and Sessions say what the console needs', async ({
  page,
  login,
}) => {
  await page.goto('/login?mockVariant=release')
  await expect(page.getByRole('button', { name: 'Sign in as alice' })).toBeVisible()
  await login('alice', '/environments')
  await expect(page.getByRole('link', { name: 'build-workers' })).toBeVisible()
  expect((await callApi(page, 'GET', '/api/v1/agent-sessions?limit=1')).status).toBe(404)

  const navigation = page.getByRole('navigation', { name: 'Main' })
  await navigation.getByRole('link', { name: 'Agents' }).click()
  await expect(page.getByText(/agent catalog and definitions/)).toContainText('Agent Session API')
  await expect(page.getByRole('table')).toHaveCount(0)

  await navigation.getByRole('link', { name: 'Sessions' }).click()
  await expect(page.getByText(/This console needs the Agent Session API/)).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)

  await page.getByRole('link', { name: 'See what this server serves' }).click()
  await expect(page.getByRole('heading', { name: 'Server', level: 1 })).toBeVisible()
  await expect(page.getByText('mock-2026.08')).toBeVisible()
  await expect(page.getByRole('row', { name: /Agent Session API/ })).toContainText('Not served')
  await expect(page.getByRole('row', { name: /^Environments/ })).toContainText('Served')
})
