import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

// Seeded ids (src/mocks/seed/fixture-ids.ts); e2e runs against the built console, so they are repeated here.
const BUILD_WORKERS = 'env_buildworkers01'

/** The demo's mock-only control routes answer inside the page's service worker. */
async function restartVirtualWorker(page: Page, workerId: string, environmentKey: string) {
  return page.evaluate(
    async ({ workerId, environmentKey }) => {
      const response = await fetch(`/__mock/workers/${workerId}/restart`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ environmentKey }),
      })
      return response.status
    },
    { workerId, environmentKey },
  )
}

test.describe('environment lifecycle', () => {
  test('the list and detail pages pass axe and hold their view in the URL', async ({
    page,
    login,
    checkA11y,
  }) => {
    await login('alice')
    await expect(page.getByRole('link', { name: 'build-workers' })).toBeVisible()
    const buildRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'build-workers' }) })
    await expect(buildRow.getByText(/\d+ online/)).toBeVisible()
    await checkA11y(page, 'environments list')

    await page.getByLabel('Type').selectOption('self_hosted')
    await page.getByLabel('Search').fill('lab')
    await expect(page).toHaveURL(/type=self_hosted/)
    await expect(page.getByRole('link', { name: 'build-workers' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'lab-gpu-box' })).toBeVisible()
    await page.reload()
    await expect(page.getByLabel('Search')).toHaveValue('lab')

    await page.getByRole('link', { name: 'lab-gpu-box' }).click()
    await expect(page.getByRole('heading', { name: 'lab-gpu-box', level: 1 })).toBeVisible()
    await checkA11y(page, 'environment detail overview')
    await page.getByRole('tab', { name: 'Workers & claims' }).click()
    await expect(page.getByText('No worker online')).toBeVisible()
    await checkA11y(page, 'environment detail workers')

    await page.getByRole('link', { name: 'Edit config' }).first().click()
    await expect(page.getByRole('heading', { name: 'Edit lab-gpu-box', level: 1 })).toBeVisible()
    await page.getByLabel(/Isolation scope/).selectOption('USER')
    await checkA11y(page, 'config editor (form)')
    await page.getByRole('tab', { name: 'Advanced JSON' }).click()
    await expect(page.getByLabel('Config (JSON object)')).toHaveValue(/"isolationScope": "USER"/)
    await page.getByRole('button', { name: 'Review changes' }).click()
    await expect(page.getByRole('dialog', { name: 'Review changes' })).toBeVisible()
    await checkA11y(page, 'review changes dialog')
  })

  test('rotate with connected workers: what breaks, the key once, then the cut-over', async ({
    page,
    login,
  }) => {
    await login('alice', `/environments/${BUILD_WORKERS}?tab=workers`)
    const workers = page.getByRole('table', { name: 'Workers of this environment' })
    // The journey starts with both virtual workers connected: each is online (busy on a claim or idle
    // polling for work) from its first poll, which can come some seconds after the demo starts.
    for (const worker of ['worker-a', 'worker-b']) {
      await expect(
        workers
          .getByRole('row')
          .filter({ hasText: worker })
          .getByText(/^(Busy|Idle)$/),
      ).toBeVisible({ timeout: 30_000 })
    }

    await page.getByRole('button', { name: 'Rotate key' }).click()
    const confirm = page.getByRole('dialog', { name: 'Rotate the key of build-workers?' })
    await expect(confirm.getByText('The old key stops working at once.')).toBeVisible()
    const connected = confirm.getByRole('list', { name: 'Connected workers' })
    await expect(connected.getByText('worker-a')).toBeVisible()
    await expect(connected.getByText('worker-b')).toBeVisible()
    await confirm.getByRole('button', { name: 'Rotate key' }).click()

    const keyDialog = page.getByRole('dialog', { name: 'New key issued: save it' })
    await expect(keyDialog.getByText('The previous key stopped working at once.')).toBeVisible()
    const key = (await keyDialog.getByTestId('one-time-key').textContent()) ?? ''
    expect(key).toMatch(/^ek_/)
    await keyDialog.getByLabel('I saved the key somewhere safe').check()
    await keyDialog.getByRole('button', { name: 'Done' }).click()

    const cutover = page.getByRole('region', { name: 'Key rotation cut-over' })
    await expect(cutover).toContainText('of the 2 workers connected at the rotation')
    await expect(cutover.getByRole('listitem').filter({ hasText: 'worker-b' })).toContainText(
      'Not yet reconnected',
    )

    // The operator restarts worker-a with the new key; its next heartbeat shows it moved over.
    expect(await restartVirtualWorker(page, 'worker-a', key)).toBe(200)
    await expect(cutover.getByRole('listitem').filter({ hasText: 'worker-a' })).toContainText('Reconnected', {
      timeout: 30_000,
    })
    await expect(cutover.getByRole('listitem').filter({ hasText: 'worker-b' })).toContainText(
      'Not yet reconnected',
    )
  })

  test('archive lists the usage first, then the environment is read-only and leaves the list', async ({
    page,
    login,
    checkA11y,
  }) => {
    await login('alice', `/environments/${BUILD_WORKERS}`)
    await page.getByRole('button', { name: 'Archive' }).click()
    const dialog = page.getByRole('dialog', { name: 'Archive build-workers?' })
    await expect(dialog.getByRole('link', { name: 'release-helper' })).toBeVisible()
    await expect(dialog.getByText(/active and \d+ archived session/)).toBeVisible()
    await expect(dialog.getByText('Archiving does not cancel running work:')).toBeVisible()
    await checkA11y(page, 'archive confirmation')
    await dialog.getByRole('button', { name: 'Archive' }).click()

    await expect(page.getByText('Archived: read-only')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Rotate key' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Edit config' })).toHaveCount(0)
    // In-app navigation: the list no longer shows it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Environments' }).click()
    await expect(page.getByRole('link', { name: 'lab-gpu-box' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'build-workers' })).toHaveCount(0)
  })

  test('a viewer sees environments read-only, with the reason, and not restricted ones', async ({
    page,
    login,
    checkA11y,
  }) => {
    await login('bob')
    await expect(page.getByRole('link', { name: 'build-workers' })).toBeVisible()
    await expect(page.getByText('Read-only', { exact: true })).toBeVisible()
    await expect(
      page.getByText(/Your role \(viewer\) can inspect resources but not change them/),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'edge-runner' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Create environment' })).toHaveCount(0)
    await page.getByRole('link', { name: 'build-workers' }).click()
    await expect(page.getByRole('heading', { name: 'build-workers', level: 1 })).toBeVisible()
    await expect(
      page.getByText(/Your role \(viewer\) can inspect resources but not change them/),
    ).toBeVisible()
    for (const name of ['Rotate key', 'Archive', 'Delete'])
      await expect(page.getByRole('button', { name })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Edit config' })).toHaveCount(0)
    await checkA11y(page, 'environment detail as a viewer')
    await page.goto(`/environments/${BUILD_WORKERS}/edit`)
    await expect(page.getByText('Read-only', { exact: true })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Review changes' })).toHaveCount(0)
  })
})
