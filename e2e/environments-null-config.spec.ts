import { callApi } from './sessions-api'
import { expect, test } from './fixtures'

// The upstream server stores JSON null for an environment created without a config and reads it
// back as `"config": null` (api-notes C7); the official console creates `default-local` that way.
test.describe('an environment created without a config', () => {
  test('is listed, opened and edited, and the edit saves an object config', async ({
    page,
    login,
    checkA11y,
  }) => {
    await login('alice')
    const created = await callApi(page, 'POST', '/api/environments', {
      name: 'config-less-share',
      type: 'remote',
    })
    expect([200, 201]).toContain(created.status)
    const { id, config } = created.body as { id: string; config: unknown }
    // The mock answers as the upstream code does: this journey is about exactly that shape.
    expect(config).toBeNull()
    expect((await callApi(page, 'GET', `/api/environments/${id}`)).body).toMatchObject({ config: null })

    await page.goto('/environments?q=config-less')
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'config-less-share' }) })
    await expect(row.getByText('Isolation: each session')).toBeVisible()
    await expect(row.getByText('No shell')).toBeVisible()

    await row.getByRole('link', { name: 'config-less-share' }).click()
    await expect(page.getByRole('heading', { name: 'config-less-share', level: 1 })).toBeVisible()
    await expect(page.getByText(/created without one, so the server's defaults apply/)).toBeVisible()
    await checkA11y(page, 'environment without a config')

    await page.getByRole('link', { name: 'Edit config' }).first().click()
    await expect(page.getByRole('heading', { name: 'Edit config-less-share', level: 1 })).toBeVisible()
    await expect(page.getByText(/was created without a config/)).toBeVisible()
    await page.getByLabel(/Isolation scope/).selectOption('USER')
    await page.getByRole('button', { name: 'Review changes' }).click()
    const review = page.getByRole('dialog', { name: 'Review changes' })
    await expect(review.getByRole('rowheader', { name: 'isolationScope' })).toBeVisible()
    await review.getByRole('button', { name: 'Save' }).click()

    await expect(page).toHaveURL(new RegExp(`/environments/${id}$`))
    await expect(page.getByRole('region', { name: 'Config (secrets masked)' })).toContainText(
      '"isolationScope": "USER"',
    )
    expect((await callApi(page, 'GET', `/api/environments/${id}`)).body).toMatchObject({
      config: { isolationScope: 'USER' },
    })
  })
})
