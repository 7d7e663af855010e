import { expect, test } from './fixtures'
import { MOCK_SERVICE_WORKER_PATH } from './page-problems'

test.describe('console shell', () => {
  test('navigates between the main screens of the demo', async ({ page, login }) => {
    await login('alice')
    await expect(page.getByRole('heading', { name: 'Environments', level: 1 })).toBeVisible()
    await expect(page.getByText('Demo backend')).toBeVisible()
    await expect(page.getByRole('link', { name: 'build-workers' })).toBeVisible()

    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Agents' }).click()
    await expect(page.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: 'release-helper' })).toBeVisible()

    await nav.getByRole('link', { name: 'Sessions' }).click()
    await expect(page.getByRole('heading', { name: 'Sessions', level: 1 })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Sessions' })).toBeVisible()

    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  })

  test('sends a signed-out visitor to sign in and back to where they were going', async ({ page }) => {
    await page.goto('/agents')
    await expect(page).toHaveURL(/\/login\?next=%2Fagents/)
    await page.getByLabel('Username').fill('alice')
    await page.getByLabel('Password').fill('wrong')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'Wrong username or password.Check the username and password; what you typed is still in the form.',
    )
    await expect(page.getByLabel('Username'), 'the form keeps what was typed').toHaveValue('alice')
    await page.getByLabel('Password').fill('alice')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(/\/agents$/)
    const stored = await page.evaluate(() => ({
      session: sessionStorage.getItem('asc.auth'),
      local: localStorage.getItem('asc.auth'),
    }))
    expect(stored.session).toContain('"username":"alice"')
    expect(stored.local, 'token stays out of localStorage unless "remember me" is ticked').toBeNull()
  })

  test('sign-out returns to the login page and forgets the token', async ({ page, login }) => {
    await login('admin')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login/)
    expect(await page.evaluate(() => sessionStorage.getItem('asc.auth'))).toBeNull()
    await page.goto('/environments')
    await expect(page).toHaveURL(/\/login/)
  })
})

test('the demo’s service worker stays in control across reloads and answers the API', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Sign in as alice' })).toBeVisible()
  for (let reload = 0; reload < 2; reload += 1) {
    await page.reload()
    await expect(page.getByRole('button', { name: 'Sign in as alice' })).toBeVisible()
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/auth/me')
      return {
        worker: navigator.serviceWorker.controller?.scriptURL ?? null,
        status: response.status,
        type: response.headers.get('content-type'),
      }
    })
    // The page is controlled by the demo's worker, and the bundled mock (not the static file
    // server, which would answer index.html) refuses a call without a token.
    expect(answer.worker).toBe(new URL(MOCK_SERVICE_WORKER_PATH, page.url()).href)
    expect(answer.status).toBe(401)
    expect(answer.type).toContain('application/json')
  }
})

test.describe('resilience', () => {
  test('a malformed server response shows an error state instead of crashing', async ({ page, login }) => {
    await page.addInitScript(() => {
      localStorage.setItem(
        'asc.mock.faults',
        JSON.stringify({
          overrides: [{ method: 'GET', path: '/api/environments', status: 200, body: '{"unexpected":true}' }],
        }),
      )
    })
    await login('alice')
    const alert = page.getByRole('alert').filter({ hasText: 'Environments could not be loaded' })
    await expect(alert).toBeVisible()
    await expect(alert).toContainText('does not understand')
    await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible()
    // The rest of the console still works.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click()
    await expect(page.getByRole('link', { name: 'release-helper' })).toBeVisible()
  })

  test('an unreadable error body and a 500 still produce a readable message', async ({ page, login }) => {
    await page.addInitScript(() => {
      localStorage.setItem(
        'asc.mock.faults',
        JSON.stringify({
          overrides: [
            {
              method: 'GET',
              path: '/api/v1/agents',
              status: 500,
              body: '<html>upstream exploded</html>',
              contentType: 'text/html',
            },
          ],
        }),
      )
    })
    await login('alice', '/agents')
    const alert = page.getByRole('alert').filter({ hasText: 'Agents could not be loaded' })
    await expect(alert).toBeVisible({ timeout: 30_000 })
    await expect(alert).not.toContainText('<html>')
    await expect(alert).toContainText(/Request ID: req_/)
  })
})
