import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { exportLines } from './export-lines'
import { SEEDED } from './sessions-api'

/** The transcript's text as a reader sees it, every line of every card included. */
async function transcriptText(feed: Locator): Promise<string> {
  return feed.evaluate((element) => (element as HTMLElement).innerText)
}

/**
 * Cuts this context off the network (offline, and any request that still leaves is refused), once
 * the viewer is ready: its code and strings are in the page when its file field shows.
 */
async function cutNetwork(page: Page) {
  await expect(page.getByLabel('Export file')).toBeVisible()
  const context = page.context()
  await context.setOffline(true)
  await context.route('**/*', (route) => route.abort('internetdisconnected'))
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  return requests
}

test('export a session, then open the file with the network cut: the same transcript, read from the file', async ({
  page,
  login,
}, testInfo) => {
  test.setTimeout(90_000)
  await login('alice', `/sessions/${SEEDED.buildDone}`)
  await expect(page.getByTestId('live-status')).toContainText('Live')
  const feed = page.getByRole('feed', { name: 'Transcript' })
  await expect(feed.getByRole('article').first()).toBeVisible()
  // Where each call ran comes from the environment and its work items: read once they are in.
  const place = feed.locator('[data-server-context]')
  await expect(place.first()).toContainText('(Self-hosted)')
  await expect(place.filter({ hasText: 'claimed by worker-a' }).first()).toBeVisible()
  const online = await transcriptText(feed)
  expect(online.length).toBeGreaterThan(100)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export events (.jsonl)' }).click()
  const saved = await download
  expect(saved.suggestedFilename()).toBe(`${SEEDED.buildDone}-events.jsonl`)
  const path = testInfo.outputPath(saved.suggestedFilename())
  await saved.saveAs(path)
  await expect(page.getByRole('status').filter({ hasText: /^Saved / })).toContainText(
    `${SEEDED.buildDone}-events.jsonl`,
  )

  // The file: the manifest line, then the server's body untouched (its hash and count hold).
  const bytes = readFileSync(path)
  const newline = bytes.indexOf(10)
  const manifest = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Record<string, unknown>
  const body = bytes.subarray(newline + 1)
  const lines = body.toString('utf8').split('\n').slice(0, -1)
  expect(manifest).toMatchObject({
    format: 'agentscope.session-events',
    version: 1,
    session_id: SEEDED.buildDone,
    count: lines.length,
    sha256: createHash('sha256').update(body).digest('hex'),
    last_cursor: (JSON.parse(lines.at(-1) ?? '{}') as { cursor?: string }).cursor,
  })
  expect(
    lines.every((line) => (JSON.parse(line) as { session_id: string }).session_id === SEEDED.buildDone),
  ).toBe(true)

  // The viewer's code is in the page; from here on nothing reaches any server.
  await page.getByRole('link', { name: 'Open an export file' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Open an exported session' })).toBeVisible()
  const requests = await cutNetwork(page)
  await page.getByLabel('Export file').setInputFiles(path)

  const banner = page.getByTestId('offline-file-banner')
  await expect(banner).toContainText('From a file')
  await expect(banner).toContainText(`${SEEDED.buildDone}-events.jsonl`)
  await expect(banner).toContainText(`${lines.length} events read from the file.`)
  await expect(page.getByText(/^The file matches its manifest/)).toBeVisible()
  const offlineFeed = page.getByRole('feed', { name: 'Transcript' })
  await expect(offlineFeed.getByRole('article').first()).toBeVisible()
  // The file's manifest carries where each call ran, so even those lines read as they did online.
  await expect(page.getByTestId('offline-file-banner')).toContainText(
    'as the console read it when the file was saved',
  )
  expect(await transcriptText(offlineFeed)).toBe(online)
  expect(online).toContain('claimed by worker-a')

  // The other views read the same file.
  await page.getByRole('tab', { name: 'Waterfall' }).click()
  await expect(page.getByRole('tabpanel')).toContainText('Tool write_file')
  await page.getByRole('tab', { name: 'Events' }).click()
  await expect(
    page.getByRole('list', { name: 'Session events' }).getByText('item.completed').first(),
  ).toBeVisible()
  await page.getByRole('tab', { name: 'Tool records' }).click()
  await expect(page.getByRole('tabpanel')).toContainText('write_file')

  expect(requests.filter((url) => new URL(url).pathname.startsWith('/api/'))).toEqual([])
})

test('a hostile file: the first bad line is named, every good event is shown, and nothing in it runs', async ({
  page,
  login,
}, testInfo) => {
  await login('alice', '/sessions-file')
  const { event, message } = exportLines('sess_hostile01')
  const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>'
  const file = [
    event('turn.accepted', { turn_id: 'turn_1' }),
    message('item_u', 'user', hostile),
    '{"schema_version":1,"id":"evt_h_cut",',
    `{"deep":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    event('hologram.projected', { beam: 'x' }),
    message('item_a', 'assistant', `Answer ${hostile}`),
    event('turn.completed', { turn_id: 'turn_1' }),
  ].join('\n')
  const path = testInfo.outputPath('hostile.jsonl')
  writeFileSync(path, `${file}\n`)
  await cutNetwork(page)
  await page.getByLabel('Export file').setInputFiles(path)

  const problems = page.getByRole('alert').filter({ hasText: 'Some lines of the file could not be read' })
  await expect(problems).toContainText('The first is line 3: it is not valid JSON.')
  await expect(problems).toContainText('2 lines were skipped in all')
  await expect(
    page.getByText(/1 event type this console does not know, the first hologram\.projected on line 5/),
  ).toBeVisible()
  await expect(page.getByText(/This file has no manifest/)).toBeVisible()
  await expect(page.getByTestId('offline-file-banner')).toContainText('5 events read from the file.')

  const feed = page.getByRole('feed', { name: 'Transcript' })
  // The markup is text on the page: no image, no script, nothing ran.
  await expect(feed.getByText(hostile).first()).toBeVisible()
  await expect(feed.getByText(/^Answer <img/)).toBeVisible()
  expect(await feed.locator('img, script').count()).toBe(0)
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()

  await page.getByRole('tab', { name: 'Events' }).click()
  await expect(
    page.getByRole('list', { name: 'Session events' }).getByText('hologram.projected').first(),
  ).toBeVisible()
})

test('a file dropped on the viewer opens as one picked does', async ({ page, login }) => {
  await login('alice', '/sessions-file')
  await cutNetwork(page)
  const line = exportLines('sess_dropped001').message('item_1', 'user', 'Dropped in')
  const transfer = await page.evaluateHandle((text) => {
    const data = new DataTransfer()
    data.items.add(new File([`${text}\n`], 'dropped.jsonl', { type: 'application/x-ndjson' }))
    return data
  }, line)
  await page.getByTestId('offline-drop-zone').dispatchEvent('drop', { dataTransfer: transfer })
  await expect(page.getByTestId('offline-file-banner')).toContainText('dropped.jsonl')
  await expect(page.getByTestId('offline-file-banner')).toContainText('1 event read from the file.')
  await expect(page.getByRole('feed', { name: 'Transcript' }).getByText('Dropped in').first()).toBeVisible()
})
