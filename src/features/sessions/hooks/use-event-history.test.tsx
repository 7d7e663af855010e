import { QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useEventHistory } from './use-event-history'
import { useSessionEventLog } from './use-session-event-log'
import { EventStore } from '../models/event-store'
import { FIRST_PAGE, prefetchFirstHistoryPage, takeFirstHistoryPage } from '@/data/sessions/event-page'
import { appendEvent } from '@/mocks/lib/event-log'
import { SUBAGENT_TREE } from '@/mocks/seed/seed-subagents'
import { startTestApi } from '@/testing/render-app'

let close: (() => void) | null = null
afterEach(() => {
  close?.()
  close = null
  vi.unstubAllGlobals()
})

/** A signed-in client on the bundled backend, whose child changelog has `extra` more events. */
async function setup(extra: number) {
  const { server, backend, queryClient } = await startTestApi()
  close = () => server.close()
  const asked: string[] = []
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url)
    if (url.pathname.endsWith(`/subagents/${SUBAGENT_TREE.changelog}/events`)) asked.push(url.search)
  })
  const record = backend.db.subagentSessions.get(SUBAGENT_TREE.changelog)
  if (!record) throw new Error('the demo tree has no changelog child')
  const at = backend.clock.now()
  for (let index = 0; index < extra; index += 1)
    appendEvent(record, 'session.status_idle', { status: 'idle' }, at + index)
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  return { asked, total: record.events.length, wrapper }
}

const route = { sessionId: SUBAGENT_TREE.parent, childId: SUBAGENT_TREE.changelog }

describe('useEventHistory with deferRest (a sub-agent lane)', () => {
  it('shows the first page at once and asks for the rest only once the page is idle', async () => {
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
    vi.stubGlobal('cancelIdleCallback', () => undefined)
    const { asked, total, wrapper } = await setup(150)
    const store = new EventStore()
    const { result } = renderHook(
      () => useEventHistory(route, store, { prefetchSnapshot: false, firstPage: 100, deferRest: true }),
      { wrapper },
    )
    await waitFor(() => expect(store.size).toBe(100))
    expect(result.current.phase).toBe('history')
    await waitFor(() => expect(idle).toHaveLength(1))
    expect(asked, 'nothing past the first page before the idle moment').toEqual(['?limit=100'])
    idle.shift()?.()
    await waitFor(() => expect(result.current.phase).toBe('ready'))
    expect(store.size).toBe(total)
    expect(asked).toHaveLength(2)
    expect(asked[1]).toMatch(/^\?limit=1000&after=/)
  })

  it('without it, reads the whole log without waiting', async () => {
    const requested = vi.fn(() => 1)
    vi.stubGlobal('requestIdleCallback', requested)
    const { total, wrapper } = await setup(150)
    const store = new EventStore()
    const { result } = renderHook(
      () => useEventHistory(route, store, { prefetchSnapshot: false, firstPage: 100 }),
      { wrapper },
    )
    await waitFor(() => expect(result.current.phase).toBe('ready'))
    expect(store.size).toBe(total)
    expect(requested).not.toHaveBeenCalled()
  })
})

describe('a log opened after its first page arrived at start-up', () => {
  it('shows that page on its first render and asks for it only once', async () => {
    const { asked, total, wrapper } = await setup(150)
    await prefetchFirstHistoryPage(route, 100)
    const sizesRendered: number[] = []
    const phasesRendered: string[] = []
    const { result } = renderHook(
      () => {
        const log = useSessionEventLog(route, { follow: false, prefetchSnapshot: false, firstPage: 100 })
        sizesRendered.push(log.store.size)
        phasesRendered.push(log.phase)
        return log
      },
      { wrapper },
    )
    // No render without rows, and no loading state before the loader's first step.
    expect(sizesRendered[0]).toBe(100)
    expect(phasesRendered[0]).toBe('history')
    await waitFor(() => expect(result.current.phase).toBe('live'))
    expect(result.current.store.size, 'every event once').toBe(total)
    expect(asked[0]).toBe('?limit=100')
    expect(
      asked.slice(1).every((search) => search.startsWith('?limit=1000&after=')),
      asked.join(),
    ).toBe(true)
    expect(takeFirstHistoryPage(route), 'the loader took the page').toBeUndefined()
  })

  it('starts empty when the page is still on its way, and shows it once it arrives', async () => {
    const { asked, total, wrapper } = await setup(150)
    void prefetchFirstHistoryPage(route, 100)
    const sizesRendered: number[] = []
    const { result } = renderHook(
      () => {
        const log = useSessionEventLog(route, { follow: false, prefetchSnapshot: false, firstPage: 100 })
        sizesRendered.push(log.store.size)
        return log
      },
      { wrapper },
    )
    expect(sizesRendered[0]).toBe(0)
    await waitFor(() => expect(result.current.phase).toBe('live'))
    expect(result.current.store.size).toBe(total)
    expect(
      asked.filter((search) => search === '?limit=100'),
      'the first page asked for once',
    ).toHaveLength(1)
  })
})

describe('a log read with the defaults (the session page)', () => {
  it('asks for a small first page, at start-up and after it, then full pages without a gap or a repeat', async () => {
    const { asked, total, wrapper } = await setup(1500)
    const early = await prefetchFirstHistoryPage(route)
    expect(early?.events).toHaveLength(FIRST_PAGE)
    const { result } = renderHook(
      () => useSessionEventLog(route, { follow: false, prefetchSnapshot: false }),
      {
        wrapper,
      },
    )
    await waitFor(() => expect(result.current.phase).toBe('live'))
    expect(asked[0]).toBe(`?limit=${FIRST_PAGE}`)
    expect(asked.slice(1).length).toBeGreaterThan(0)
    expect(asked.slice(1).every((search) => search.startsWith('?limit=1000&after='))).toBe(true)
    const ids = result.current.store.all().map((event) => event.id)
    expect(new Set(ids).size, 'every event once').toBe(total)
    expect(ids).toHaveLength(total)
  })
})
