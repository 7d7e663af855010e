// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { prefetchSession } from './prefetch-session'
import { HISTORY_PAGE, takeFirstHistoryPage } from '@/data/sessions/event-page'
import { SUBAGENT_TREE } from '@/mocks/seed/seed-subagents'
import { startTestApi } from '@/testing/render-app'

let close: (() => void) | null = null
afterEach(() => {
  close?.()
  close = null
})

/** The searches of the parent's event requests made by `prefetchSession` opened on `search`. */
async function firstPageAsked(search: string) {
  const { server, queryClient } = await startTestApi()
  close = () => server.close()
  const asked: string[] = []
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url)
    if (url.pathname === `/api/v1/agent-sessions/${SUBAGENT_TREE.parent}/events`) asked.push(url.search)
  })
  prefetchSession(queryClient, SUBAGENT_TREE.parent, search)
  const page = await takeFirstHistoryPage(SUBAGENT_TREE.parent)
  return { asked, page }
}

describe('prefetchSession', () => {
  // The other tabs' small first page: prefetch-first-route.test.ts.
  it('asks for a full first page on the waterfall, to name as many children as it can', async () => {
    const { asked, page } = await firstPageAsked('?tab=waterfall')
    expect(asked).toEqual([`?limit=${HISTORY_PAGE}`])
    expect(page?.events.length).toBeGreaterThan(0)
  })
})
