import type { Page } from '@playwright/test'
import { expect } from './fixtures'
import { mockServerOrigin } from './servers'

/**
 * The mock HTTP server the e2e suite starts (`npm run mock:serve`), called from the test process
 * as a worker process or curl would, and the console pointed at it in real-API mode.
 */
export const gateway = mockServerOrigin

export async function gatewayCall<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${gateway}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T }
}

/** A bearer token for a demo user, from the Gateway's login. */
export async function gatewayToken(username: string): Promise<string> {
  const login = await gatewayCall<{ token: string }>('/api/auth/login', {
    method: 'POST',
    body: { username, password: username },
  })
  expect(login.status).toBe(200)
  return login.body.token
}

/** A self-hosted environment and its one-time key, created through the Gateway. */
export async function createSelfHosted(token: string, name: string) {
  const created = await gatewayCall<{ id: string; apiKey: string }>('/api/environments', {
    method: 'POST',
    token,
    body: { name, type: 'self_hosted' },
  })
  expect(created.status).toBe(200)
  return created.body
}

/** Serves console-config.json pointing at `apiBaseUrl` (real-API mode), as real-api-mode.spec.ts does. */
export async function pointConsoleAt(page: Page, apiBaseUrl: string = gateway) {
  await page.route('**/console-config.json', (route) =>
    route.fulfill({ json: { apiMode: 'real', apiBaseUrl } }),
  )
}

/** Points the console at the Gateway and signs in on its login form; lands on /environments. */
export async function signInOnGateway(page: Page, username = 'alice') {
  await pointConsoleAt(page)
  await page.goto('/login?next=%2Fenvironments')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(username)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Environments', level: 1 })).toBeVisible()
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull()
}
