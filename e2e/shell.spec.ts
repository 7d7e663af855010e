import { expect, test } from './fixtures'

test.describe('console shell', () => {
  test('signs in with a demo user and navigates between the main screens', async ({ page, login }) => {
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
    await expect(page.getByRole('alert')).toHaveText('Wrong username or password.')
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

  test('a viewer sees the console read-only, with the reason, and not restricted resources', async ({
    page,
    login,
  }) => {
    await login('bob')
    await expect(page.getByText('Read-only')).toBeVisible()
    await expect(
      page.getByText(/Your role \(viewer\) can inspect resources but not change them/),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'build-workers' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'edge-runner' })).toHaveCount(0)
  })

  test('switching namespace shows that namespace’s resources only', async ({ page, login }) => {
    await login('alice')
    await expect(page.getByRole('link', { name: 'build-workers' })).toBeVisible()
    await page.getByLabel('Namespace').selectOption('research')
    await expect(page.getByRole('link', { name: 'build-workers' })).toHaveCount(0)
    await expect(
      page
        .getByRole('table', { name: /Environments/ })
        .getByRole('link')
        .first(),
    ).toBeVisible()
  })

  test('sign-out returns to the login page and forgets the token', async ({ page, login }) => {
    await login('admin')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page).toHaveURL(/\/login/)
    expect(await page.evaluate(() => sessionStorage.getItem('asc.auth'))).toBeNull()
    await page.goto('/environments')
    await expect(page).toHaveURL(/\/login/)
  })

  test('has no axe violations on the login page and the shell, in light and dark themes', async ({
    page,
    login,
    checkA11y,
  }) => {
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Sign in to Managed Agents' })).toBeVisible()
    await checkA11y(page, 'login')
    await login('alice')
    await expect(page.getByRole('link', { name: 'build-workers' })).toBeVisible()
    await checkA11y(page, 'environments (light)')
    await page.evaluate(() => localStorage.setItem('asc.theme', 'dark'))
    await page.reload()
    await expect(page.locator('html')).toHaveClass(/dark/)
    await expect(page.getByRole('link', { name: 'build-workers' })).toBeVisible()
    await checkA11y(page, 'environments (dark)')
  })
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
