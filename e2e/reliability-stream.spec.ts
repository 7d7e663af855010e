import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { callApi, SEEDED, serverEventIds } from './sessions-api'

const REPLAY_EVENTS = 10_000
const MIN_DROPS = 20

/** The ids in the console's "Download events" file, in the order the console holds them. */
async function downloadedEventIds(page: Page): Promise<string[]> {
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download events' }).click()
  const text = await readFile(await (await download).path(), 'utf8')
  return text
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { id: string }).id)
}

async function expectShownCount(page: Page, count: number, timeout = 10_000) {
  await expect(page.getByText(`${count.toLocaleString('en')} events.`)).toBeVisible({ timeout })
}

test('a 10,000-event replay survives 20+ stream drops at random points and an expired cursor', async ({
  page,
  login,
}) => {
  test.setTimeout(150_000)
  const streams: { after: string | null; status?: number }[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.endsWith('/events/stream')) {
      streams.push({ after: url.searchParams.get('after'), status: response.status() })
    }
  })
  await login('alice', '/sessions')
  await page.getByRole('link', { name: SEEDED.fresh }).click()
  await expect(page.getByTestId('live-status')).toContainText('Live')
  await page.getByRole('tab', { name: 'Events' }).click()
  const before = await serverEventIds(page, SEEDED.fresh)
  await expectShownCount(page, before.length)

  // Stop following, grow the log by 10,000 events, then follow again through a stream the mock
  // cuts after 300–480 events each time (a random point per connection): the replay needs 20+.
  await page.getByRole('button', { name: 'Pause stream' }).click()
  await expect(page.getByTestId('live-status')).toContainText('Paused')
  const faults = await callApi(page, 'PUT', '/__mock/faults', {
    streamDropAfterEvents: 300,
    streamDropAfterEventsJitter: 180,
  })
  expect(faults.status).toBe(200)
  const appended = await callApi(page, 'POST', `/__mock/sessions/${SEEDED.fresh}/events`, {
    count: REPLAY_EVENTS,
  })
  expect(appended.status).toBe(201)
  const streamsBefore = streams.length
  await page.getByRole('button', { name: 'Resume stream' }).click()
  await expectShownCount(page, before.length + REPLAY_EVENTS, 120_000)

  const server = await serverEventIds(page, SEEDED.fresh)
  expect(server.length).toBe(before.length + REPLAY_EVENTS)
  const replayStreams = streams.slice(streamsBefore)
  const drops = replayStreams.length - 1
  expect(drops, 'the stream was dropped at least 20 times').toBeGreaterThanOrEqual(MIN_DROPS)
  expect(
    replayStreams.every((stream) => stream.after !== null && stream.status === 200),
    'every reconnect resumed from a cursor',
  ).toBe(true)
  // Exactly once, in order: the console's log is the server's log, id for id.
  const shown = await downloadedEventIds(page)
  expect(new Set(shown).size).toBe(shown.length)
  expect(shown).toEqual(server)

  // Expired cursor: while paused the log grows and is compacted past the console's position, so
  // the resume answers 410; the console reloads the snapshot, takes the retained log and goes on.
  // The 410 is what the newest docs promise (the server's code has none), so the mock answers in
  // its docs variant from here on.
  await callApi(page, 'DELETE', '/__mock/faults')
  expect((await callApi(page, 'PUT', '/__mock/options', { apiVariant: 'docs' })).status).toBe(200)
  await page.getByRole('button', { name: 'Pause stream' }).click()
  await expect(page.getByTestId('live-status')).toContainText('Paused')
  await callApi(page, 'POST', `/__mock/sessions/${SEEDED.fresh}/events`, { count: 60 })
  const compacted = await callApi(page, 'POST', `/__mock/sessions/${SEEDED.fresh}/compact`, { keepLast: 50 })
  expect(compacted.status).toBe(200)
  const streamsBeforeExpiry = streams.length
  await page.getByRole('button', { name: 'Resume stream' }).click()
  await expectShownCount(page, 50, 30_000)
  await expect(page.getByTestId('live-status')).toContainText('Live')
  expect(streams.slice(streamsBeforeExpiry).some((stream) => stream.status === 410)).toBe(true)
  // And it continues live from the reloaded position.
  await callApi(page, 'POST', `/__mock/sessions/${SEEDED.fresh}/events`, { count: 25 })
  await expectShownCount(page, 75, 30_000)
  const afterExpiry = await serverEventIds(page, SEEDED.fresh)
  expect(await downloadedEventIds(page)).toEqual(afterExpiry)

  const checked = shown.length + afterExpiry.length
  console.log(
    `[reliability] stream: ${drops} drops survived, ${checked} events checked exactly once and in order, 1 expired cursor (410) recovered`,
  )
})
