import { expect, test } from './fixtures'

test('the demo panel injects faults, controls virtual workers and resets the demo data', async ({
  page,
  login,
  checkA11y,
}) => {
  await login('alice')
  await page.getByRole('button', { name: 'Demo backend' }).click()
  const panel = page.getByRole('dialog', { name: 'Demo backend controls' })
  await expect(panel.getByRole('button', { name: 'Kill worker-a' })).toBeVisible()
  await checkA11y(page, 'demo panel')

  await panel.getByRole('button', { name: 'Kill worker-a' }).click()
  await expect(panel.getByRole('listitem').filter({ hasText: 'worker-a' })).toContainText('killed')
  await panel.getByRole('button', { name: 'Restart worker-a' }).click()
  await expect(panel.getByRole('listitem').filter({ hasText: 'worker-a' })).not.toContainText('killed')

  // Every API call fails: the console shows an error state with the server's words, not a blank page.
  await panel.getByLabel('Server errors (% of API calls)').fill('100')
  await panel.getByRole('button', { name: 'Apply faults' }).click()
  await expect(panel.getByLabel('Server errors (% of API calls)')).toHaveValue('100')
  await panel.getByRole('button', { name: 'Close', exact: true }).click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toBeVisible({
    timeout: 30_000,
  })

  await page.getByRole('button', { name: 'Demo backend' }).click()
  await panel.getByRole('button', { name: 'Clear all faults' }).click()
  await expect(panel.getByLabel('Server errors (% of API calls)')).toHaveValue('0')
  await panel.getByRole('button', { name: 'Close', exact: true }).click()
  await page.getByRole('button', { name: 'Try again' }).first().click()
  await expect(page.getByRole('link', { name: 'release-helper' })).toBeVisible()

  // Reset starts the demo over from its seed and reloads the console.
  await page.getByRole('button', { name: 'Demo backend' }).click()
  await panel.getByRole('button', { name: 'Reset demo data' }).click()
  await expect(page.getByRole('link', { name: 'release-helper' })).toBeVisible()
})
