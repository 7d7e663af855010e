import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { callApi, SEEDED } from './sessions-api'

const SECRET = 'sk-proj-AbCdEf0123456789xyzSECRET'

/**
 * Every value the console keeps in the browser: both storages and every IndexedDB database except
 * the demo mock's own (it stands in for the server, whose state holds what a server holds).
 */
async function browserState(page: Page): Promise<{ localStorage: string; indexedDb: string }> {
  return page.evaluate(async () => {
    const dumps: string[] = []
    for (const info of await indexedDB.databases()) {
      if (!info.name || info.name === 'asc-mock-demo') continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(info.name ?? '')
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(new Error(String(request.error)))
      })
      for (const store of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(new Error(String(request.error)))
        })
        dumps.push(JSON.stringify(values))
      }
      db.close()
    }
    return { localStorage: JSON.stringify({ ...localStorage }), indexedDb: dumps.join('\n') }
  })
}

const tokenOf = (page: Page, storage: 'sessionStorage' | 'localStorage') =>
  page.evaluate((name) => {
    const raw = window[name].getItem('asc.auth')
    return raw ? (JSON.parse(raw) as { token: string }).token : null
  }, storage)

test('the user token stays out of localStorage (unless remembered), IndexedDB, URLs and the console', async ({
  page,
  login,
}) => {
  const seen: string[] = []
  page.on('console', (message) => seen.push(message.text()))
  page.on('request', (request) => seen.push(request.url()))
  page.on('framenavigated', (frame) => seen.push(frame.url()))

  await login('alice', '/sessions')
  await page.getByRole('link', { name: SEEDED.fresh }).click()
  await expect(page.getByTestId('live-status')).toContainText('Live')
  const token = await tokenOf(page, 'sessionStorage')
  expect(token, 'signed in for this tab only').toBeTruthy()
  const state = await browserState(page)
  expect(state.localStorage).not.toContain(token)
  expect(state.indexedDb).not.toContain(token)
  expect(
    seen.filter((text) => text.includes(token ?? '')),
    'token in a URL or console line',
  ).toEqual([])

  // "Remember me" is the one case the token goes to localStorage; sign-out takes it away again.
  await page
    .getByRole('button', { name: /sign out/i })
    .first()
    .click()
  await expect(page).toHaveURL(/\/login/)
  expect(await tokenOf(page, 'sessionStorage')).toBeNull()
  await page.getByLabel('Remember me on this device').check()
  await page.getByRole('button', { name: 'Sign in as alice' }).click()
  await expect(page).not.toHaveURL(/\/login/)
  const remembered = await tokenOf(page, 'localStorage')
  expect(remembered).toBeTruthy()
  expect(seen.filter((text) => text.includes(remembered ?? ''))).toEqual([])
})

test.describe('masked secrets', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

  test('stay masked in the JSON copy and download until revealed', async ({ page, login }) => {
    await login('alice', `/sessions/${SEEDED.fresh}?tab=events`)
    await expect(page.getByTestId('live-status')).toContainText('Live')
    const appended = await callApi(page, 'POST', `/__mock/sessions/${SEEDED.fresh}/events`, {
      type: 'tool.requested',
      data: {
        turn_id: 'turn_secret',
        tool_call_id: 'call_secret',
        name: 'execute',
        input: { command: `OPENAI_API_KEY=${SECRET} ./run.sh`, env: { api_key: SECRET } },
      },
    })
    expect(appended.status).toBe(201)
    // k selects the newest event on screen: wait until the live stream has shown this one.
    await expect(
      page.getByRole('list', { name: 'Session events' }).getByRole('button', { name: /tool\.requested/ }),
    ).toBeVisible()
    await page.keyboard.press('k')
    const selected = page.getByRole('region', { name: 'Selected event' })
    await expect(selected.getByRole('heading', { name: 'tool.requested' })).toBeVisible()
    await expect(selected).not.toContainText(SECRET)

    const downloadJson = async () => {
      const download = page.waitForEvent('download')
      await selected.getByRole('button', { name: 'Download', exact: true }).click()
      return readFile(await (await download).path(), 'utf8')
    }
    const masked = await downloadJson()
    expect(masked).not.toContain(SECRET)
    expect(masked).toContain('••••••••')
    await selected.getByRole('button', { name: 'Copy Event JSON' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).not.toContain(SECRET)

    await selected.getByRole('button', { name: /Reveal \d+ masked secret/ }).click()
    expect(await downloadJson()).toContain(SECRET)
    await selected.getByRole('button', { name: 'Copy Event JSON' }).click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(SECRET)
  })
})
