import type { Route } from '@playwright/test'
import { mockServerPort } from '../playwright.config'
import { expect, test } from './fixtures'
import { SEEDED, serverEventIds, signInRealApi } from './sessions-api'

const gateway = `http://127.0.0.1:${mockServerPort}`

/** Answers the first matching request with the server's refusal of a cursor (C19), then lets the rest through. */
function refuseOnce(status: number) {
  let refused = 0
  const handler = async (route: Route) => {
    if (refused > 0) return route.continue()
    refused += 1
    await route.fulfill({
      status,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify({
        error: { code: 'cursor_refused', message: 'cursor is ahead of the event log' },
      }),
    })
  }
  return { handler, refused: () => refused }
}

test('a cursor the server refuses (409) on the stream or a history page is recovered from the snapshot', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const requests: { path: string; after: string | null; limit: number; status: number }[] = []
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin === gateway && url.pathname.startsWith(`/api/v1/agent-sessions/${SEEDED.largeHistory}`)) {
      requests.push({
        path: url.pathname.replace(/^.*\/agent-sessions\/[^/]+/, ''),
        after: url.searchParams.get('after'),
        limit: Number(url.searchParams.get('limit') ?? 0),
        status: response.status(),
      })
    }
  })
  await signInRealApi(page, gateway, 'alice')

  // The second page of history (the first one with a cursor) and the first stream are refused.
  const page409 = refuseOnce(409)
  const stream409 = refuseOnce(409)
  await page.route(
    (url) => url.pathname.endsWith(`/${SEEDED.largeHistory}/events`) && url.searchParams.has('after'),
    page409.handler,
  )
  await page.route((url) => url.pathname.endsWith(`/${SEEDED.largeHistory}/events/stream`), stream409.handler)
  await page.goto(`/sessions/${SEEDED.largeHistory}?tab=events`)

  await expect(page.getByTestId('live-status')).toContainText('Live', { timeout: 60_000 })
  expect(page409.refused()).toBe(1)
  expect(stream409.refused()).toBe(1)
  // Each refusal: the snapshot again, the log from its start, and only then on from the head.
  const refusals = requests.flatMap((request, index) => (request.status === 409 ? [index] : []))
  expect(refusals).toHaveLength(2)
  for (const refusedAt of refusals) {
    // The log's own reads: the snapshot and history pages (not a screen's peek at the newest few).
    const next = requests
      .slice(refusedAt + 1)
      .filter(
        (request) => request.path === '/snapshot' || (request.path === '/events' && request.limit >= 100),
      )
    expect(next.slice(0, 2)).toMatchObject([
      { path: '/snapshot', status: 200 },
      { path: '/events', after: null },
    ])
  }
  const lastStream = requests.filter((request) => request.path === '/events/stream').at(-1)
  expect(lastStream).toMatchObject({ status: 200 })
  expect(lastStream?.after).not.toBeNull()
  const server = await serverEventIds(page, SEEDED.largeHistory, gateway)
  await expect(page.getByText(`${server.length.toLocaleString('en')} events`)).toBeVisible()
  await expect(page.getByText(/refused the console’s position/)).toHaveCount(0)
})
