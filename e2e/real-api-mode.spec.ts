import { mockServerPort } from '../playwright.config'
import { expect, test } from './fixtures'

const gateway = `http://127.0.0.1:${mockServerPort}`

test('in real-API mode the console talks to a Gateway over HTTP, with no demo backend', async ({ page }) => {
  // The deployed console-config.json decides the mode; here it points at `npm run mock:serve`.
  await page.route('**/console-config.json', (route) =>
    route.fulfill({ json: { apiMode: 'real', apiBaseUrl: gateway } }),
  )
  const apiCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(gateway))
      apiCalls.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })

  await page.goto('/login?next=%2Fenvironments')
  await expect(page.getByRole('heading', { name: 'Demo backend users' })).toHaveCount(0)
  await page.getByLabel('Username').fill('alice')
  await page.getByLabel('Password').fill('alice')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()

  await expect(page.getByRole('link', { name: 'build-workers' })).toBeVisible()
  await expect(page.getByText('Demo backend')).toHaveCount(0)
  expect(apiCalls).toContain('POST /api/auth/login')
  expect(apiCalls).toContain('GET /api/environments')
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()
})

test('an unreachable Gateway shows a banner with retry, never a blank page', async ({ page }) => {
  // Nothing listens on port 9: every call fails at the network level.
  await page.route('**/console-config.json', (route) =>
    route.fulfill({ json: { apiMode: 'real', apiBaseUrl: 'http://127.0.0.1:9' } }),
  )
  await page.addInitScript(() => {
    sessionStorage.setItem(
      'asc.auth',
      JSON.stringify({ token: 'a.b.c', user: { userId: 'u1', username: 'alice', roles: ['developer'] } }),
    )
  })
  await page.goto('/environments')
  await expect(page.getByRole('heading', { name: 'Environments', level: 1 })).toBeVisible()
  const banner = page.getByRole('alert').filter({ hasText: 'The API is unreachable' })
  await expect(banner).toBeVisible({ timeout: 30_000 })
  await expect(banner.getByRole('button', { name: 'Retry now' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Could not reach the API' })).toBeVisible()
})
