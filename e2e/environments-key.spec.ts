import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/**
 * Everything the page could have kept: both storages, every IndexedDB database (all stores, all
 * records), the URL and history state, and the URLs of every request made.
 */
async function everythingStored(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const replacer = (_key: string, value: unknown) =>
      value instanceof Map ? [...value.entries()] : value instanceof Set ? [...value] : value
    const databases: unknown[] = []
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name as string)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(new Error(request.error?.message ?? 'IndexedDB read failed'))
      })
      for (const storeName of [...db.objectStoreNames]) {
        const store = db.transaction(storeName, 'readonly').objectStore(storeName)
        const [keys, values] = await Promise.all(
          [store.getAllKeys(), store.getAll()].map(
            (request) =>
              new Promise<unknown>((resolve, reject) => {
                request.onsuccess = () => resolve(request.result)
                request.onerror = () => reject(new Error(request.error?.message ?? 'IndexedDB read failed'))
              }),
          ),
        )
        databases.push({ database: info.name, storeName, keys, values })
      }
      db.close()
    }
    return JSON.stringify(
      {
        local: { ...localStorage },
        session: { ...sessionStorage },
        databases,
        url: window.location.href,
        history: window.history.state as unknown,
        requests: performance.getEntriesByType('resource').map((entry) => entry.name),
      },
      replacer,
    )
  })
}

test.describe('environment one-time key', () => {
  test('create self-hosted: the key is shown once, copied, and gone everywhere after closing', async ({
    page,
    context,
    login,
    checkA11y,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const consoleMessages: string[] = []
    page.on('console', (message) => consoleMessages.push(message.text()))

    await login('alice')
    await page.getByRole('button', { name: 'Create environment' }).first().click()
    const create = page.getByRole('dialog', { name: 'Create environment' })
    await expect(create).toBeVisible()
    await checkA11y(page, 'create environment dialog')
    await create.getByLabel('Name').fill('e2e-workers')
    await expect(create.getByLabel('Type')).toHaveValue('self_hosted')
    await create.getByRole('button', { name: 'Create environment' }).click()

    const keyDialog = page.getByRole('dialog', { name: 'Environment created: save its key' })
    await expect(keyDialog).toBeVisible()
    const key = (await keyDialog.getByTestId('one-time-key').textContent()) ?? ''
    expect(key).toMatch(/^ek_/)
    await expect(keyDialog.getByRole('heading', { name: 'Run your worker' })).toBeVisible()
    await expect(keyDialog.getByRole('region', { name: /Set the variables/ })).toContainText('ENVIRONMENT_ID')
    await keyDialog.getByRole('tab', { name: 'bubblewrap' }).click()
    await expect(keyDialog.getByText('bubblewrap is not a network sandbox')).toBeVisible()
    await checkA11y(page, 'one-time key dialog')

    await keyDialog.getByRole('button', { name: 'Copy key' }).click()
    await expect(keyDialog.getByText('Copied to the clipboard.')).toBeAttached()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)

    // While open, the key must not have reached any store either.
    expect(await everythingStored(page)).not.toContain(key)

    await page.keyboard.press('Escape')
    await expect(keyDialog.getByRole('alert')).toContainText('Confirm that you saved the key first')
    await keyDialog.getByLabel('I saved the key somewhere safe').check()
    await keyDialog.getByRole('button', { name: 'Done' }).click()
    await expect(keyDialog).toBeHidden()
    await expect(page.getByRole('heading', { name: 'e2e-workers', level: 1 })).toBeVisible()
    await expect(page).toHaveURL(/\/environments\/env_/)

    expect(await page.locator('body').textContent()).not.toContain(key)
    // Give the demo's autosave a moment to write, then look everywhere.
    await page.waitForTimeout(1500)
    const stored = await everythingStored(page)
    expect(stored).toContain('e2e-workers')
    expect(stored).not.toContain(key)
    expect(consoleMessages.join('\n')).not.toContain(key)

    // Reading the environment again never returns it.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'e2e-workers', level: 1 })).toBeVisible()
    expect(await page.locator('body').textContent()).not.toContain(key)
    expect(await everythingStored(page)).not.toContain(key)
  })
})
