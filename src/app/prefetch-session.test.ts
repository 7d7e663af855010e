// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { prefetchSession } from './prefetch-session'
import { HISTORY_PAGE, takeFirstHistoryPage } from '@/data/sessions/event-page'
import { SUBAGENT_TREE } from '@/mocks/seed/seed-subagents'
import { startTestApi } from '@/testing/render-app'
import { TRANSCRIPT_STRINGS } from '@/features/sessions/components/tab-strings'
import type * as I18n from '@/i18n'

// Whether the transcript's module was asked for, and which strings were: the page's own code asks
// for both too, later; what is checked here is that the start-up asks first.
const asked = vi.hoisted(() => ({ transcript: 0, strings: [] as string[] }))
vi.mock('@/features/sessions/components/transcript-tab', () => {
  asked.transcript += 1
  return { TranscriptTab: () => null }
})
vi.mock('@/i18n', async (importOriginal) => {
  const original = await importOriginal<typeof I18n>()
  return {
    ...original,
    loadNamespace: (...args: Parameters<typeof original.loadNamespace>) => {
      asked.strings.push(args[0])
      return original.loadNamespace(...args)
    },
  }
})

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

  it("asks for the transcript's code and strings with the session's requests when the page opens on it", async () => {
    const { server, queryClient } = await startTestApi()
    close = () => server.close()
    prefetchSession(queryClient, SUBAGENT_TREE.parent, '?tab=events')
    prefetchSession(queryClient, SUBAGENT_TREE.parent, '?event=evt_1')
    await vi.waitFor(() => expect(takeFirstHistoryPage(SUBAGENT_TREE.parent)).toBeDefined())
    expect(asked.transcript).toBe(0)
    expect(asked.strings).toEqual([])

    // No tab in the address: the transcript is the tab the page opens on.
    prefetchSession(queryClient, SUBAGENT_TREE.parent, '')
    expect(asked.strings).toEqual([...TRANSCRIPT_STRINGS])
    await vi.waitFor(() => expect(asked.transcript).toBe(1))
  })
})
