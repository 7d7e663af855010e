import { mockServerPort } from '../playwright.config'
import { expect, test } from './fixtures'
import { callApi, SEEDED, serverEventIds, signInRealApi } from './sessions-api'

test('a dropped event stream resumes from the last applied event with no gap and no duplicate', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000)
  const streamAfters: (string | null)[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.endsWith('/events/stream')) streamAfters.push(url.searchParams.get('after'))
  })
  await login('alice', '/sessions')
  // The mock cuts every event stream 700 ms after it opens, as a flaky proxy would.
  const faults = await callApi(page, 'PUT', '/__mock/faults', { streamDropEveryMs: 700 })
  expect(faults.status).toBe(200)
  await page.getByRole('link', { name: SEEDED.fresh }).click()
  await expect(page.getByTestId('live-status')).toContainText('Live')

  await page.getByRole('textbox', { name: 'Message' }).fill('List the files and grep for "TODO"')
  await page.getByRole('button', { name: 'Send' }).click()
  await page.getByRole('tab', { name: 'Events' }).click()
  // The tab changes at once, whatever the turn is doing: the address, then the panel.
  await expect(page).toHaveURL(/[?&]tab=events/)
  await expect(page.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true')
  const list = page.getByRole('list', { name: 'Session events' })
  await expect(list.getByRole('button', { name: /turn\.completed/ })).toBeVisible({ timeout: 60_000 })

  const server = await serverEventIds(page, SEEDED.fresh)
  await expect(page.getByText(`${server.length.toLocaleString('en')} events`)).toBeVisible()
  expect(streamAfters.length, 'the stream was cut and reopened').toBeGreaterThan(2)
  expect(
    streamAfters.slice(1).every((after) => after !== null),
    'every reconnect resumed from a cursor',
  ).toBe(true)

  // The newest event on screen is the server's newest: nothing missing at the end.
  await page.keyboard.press('k')
  await expect(page.getByRole('region', { name: 'Selected event' })).toContainText(server.at(-1) ?? 'none')
  // And the full log matches id for id, in order, with nothing twice.
  const downloads = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download events' }).click()
  const file = await (await downloads).path()
  const { readFile } = await import('node:fs/promises')
  const ids = (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { id: string }).id)
  expect(ids).toEqual(server)
  await callApi(page, 'DELETE', '/__mock/faults')
})

test('over HTTP (real-API mode), an idle session is Live as soon as the server accepts the stream', async ({
  page,
}) => {
  // The console talks to `npm run mock:serve`: headers travel on their own, before any event.
  await signInRealApi(page, `http://127.0.0.1:${mockServerPort}`, 'alice')
  await page.goto(`/sessions/${SEEDED.buildDone}`)
  const status = page.getByTestId('live-status')
  // The history is on screen, then the stream opens: before the first keep-alive (15 s) it must say Live.
  await expect(status).not.toContainText(/Restoring|Loading history/)
  const historyAt = Date.now()
  await expect(status).toContainText('Live', { timeout: 5_000 })
  const liveAfterMs = Date.now() - historyAt
  console.log(`[live] real-API mode: Live ${liveAfterMs} ms after the history was on screen`)
  expect(liveAfterMs).toBeLessThan(5_000)
})
