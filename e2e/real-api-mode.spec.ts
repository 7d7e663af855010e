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
