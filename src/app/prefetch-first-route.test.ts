import { afterEach, describe, expect, it } from 'vitest'
import { connectApi } from './connect-api'
import { prefetchFirstRoute } from './prefetch-first-route'
import { createQueryClient } from './query-client'
import { environmentKeys } from '@/data/environments/keys'
import { identityKeys } from '@/data/identity/keys'
import { FIRST_PAGE, takeFirstHistoryPage } from '@/data/sessions/event-page'
import { sessionKeys } from '@/data/sessions/keys'
import { useAuthStore } from '@/features/identity/stores/auth-store'
import { PAGE_SIZE } from '@/features/environments/models/environment-list-params'
import { createTestBackend } from '@/mocks/node'
import { SESSION } from '@/mocks/seed/fixture-ids'
import { SUBAGENT_TREE } from '@/mocks/seed/seed-subagents'

const ORIGIN = 'http://localhost'
let close: (() => void) | null = null
let activeServer: Awaited<ReturnType<typeof createTestBackend>>['server'] | null = null
afterEach(() => {
  close?.()
  close = null
  activeServer = null
})

async function signedInClient() {
  const { server } = await createTestBackend()
  server.listen({ onUnhandledRequest: 'error' })
  activeServer = server
  close = () => server.close()
  const queryClient = createQueryClient({ isTest: true })
  connectApi(ORIGIN, queryClient)
  const response = await fetch(`${ORIGIN}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'alice', password: 'alice' }),
  })
  const body = (await response.json()) as { token: string; userId: string; username: string; roles: string[] }
  useAuthStore.setState({
    token: body.token,
    user: { userId: body.userId, username: body.username, roles: body.roles },
  })
  return queryClient
}

/**
 * Starts the console on the demo tree's page, opened on `tab`; returns the sub-agent pages it asks
 * for (path and query) as they leave.
 */
async function openTreeAtStartUp(tab: string): Promise<string[]> {
  const queryClient = await signedInClient()
  const asked: string[] = []
  activeServer?.events.on('request:start', ({ request }) => {
    const url = new URL(request.url)
    if (url.pathname.includes('/subagents/')) asked.push(`${url.pathname}?${url.searchParams.toString()}`)
  })
  void prefetchFirstRoute(queryClient, 'sessionDetail', {
    pathname: `/sessions/${SUBAGENT_TREE.parent}`,
    search: `?tab=${tab}`,
  })
  return asked
}

// The first screen reads these keys when it mounts; prefetched under them, it finds its answers.
describe('prefetchFirstRoute', () => {
  it('asks for the environment list page the list shows, and the scope and namespaces', async () => {
    const queryClient = await signedInClient()
    void prefetchFirstRoute(queryClient, 'environments', { pathname: '/environments', search: '?page=2' })
    const page = environmentKeys.list({ limit: PAGE_SIZE, offset: PAGE_SIZE })
    await expect.poll(() => queryClient.getQueryState(page)?.status).toBe('success')
    await expect.poll(() => queryClient.getQueryState(identityKeys.scope())?.status).toBe('success')
    await expect.poll(() => queryClient.getQueryState(identityKeys.namespaces())?.status).toBe('success')
    expect(queryClient.getQueryState(environmentKeys.everything())).toBeUndefined()
  })

  it('asks for every environment when the view is one the server cannot page (a search)', async () => {
    const queryClient = await signedInClient()
    void prefetchFirstRoute(queryClient, 'environments', { pathname: '/environments', search: '?q=build' })
    await expect.poll(() => queryClient.getQueryState(environmentKeys.everything())?.status).toBe('success')
  })

  it('asks only for the header’s data on other screens', async () => {
    const queryClient = await signedInClient()
    void prefetchFirstRoute(queryClient, 'sessions', { pathname: '/sessions', search: '' })
    await expect.poll(() => queryClient.getQueryState(identityKeys.scope())?.status).toBe('success')
    expect(queryClient.getQueryCache().findAll({ queryKey: environmentKeys.all })).toEqual([])
  })

  it('asks for a session page’s session, turns and first page of events, and hands the page over once', async () => {
    const queryClient = await signedInClient()
    void prefetchFirstRoute(queryClient, 'sessionDetail', {
      pathname: `/sessions/${SESSION.largeHistory}`,
      search: '?tab=events',
    })
    await expect
      .poll(() => queryClient.getQueryState(sessionKeys.detail(SESSION.largeHistory))?.status)
      .toBe('success')
    await expect
      .poll(() => queryClient.getQueryState(sessionKeys.turns(SESSION.largeHistory))?.status)
      .toBe('success')
    // The snapshot is not asked for before the log's first page.
    expect(queryClient.getQueryState(sessionKeys.snapshot(SESSION.largeHistory))).toBeUndefined()
    const page = await takeFirstHistoryPage(SESSION.largeHistory)
    // A small first page: the first screen shows a few dozen rows (FIRST_PAGE).
    expect(page?.events.length).toBe(FIRST_PAGE)
    expect(page?.hasMore).toBe(true)
    expect(takeFirstHistoryPage(SESSION.largeHistory), 'taken once: a later load asks again').toBeUndefined()
  })

  it('opened on the waterfall, asks for each child’s first page under the child’s own route as the parent’s page arrives', async () => {
    const asked = await openTreeAtStartUp('waterfall')
    const base = `/api/v1/agent-sessions/${SUBAGENT_TREE.parent}/subagents`
    const children = [SUBAGENT_TREE.changelog, SUBAGENT_TREE.dependencies, SUBAGENT_TREE.docsLinks]
    await expect
      .poll(() => [...asked].sort())
      .toEqual(children.map((id) => `${base}/${id}/events?limit=100`).sort())
    for (const childId of children) {
      const page = await takeFirstHistoryPage({ sessionId: SUBAGENT_TREE.parent, childId })
      expect(page?.events.length, childId).toBeGreaterThan(0)
    }
    // A grandchild is its child's to name: its lane is drawn, and read, inside that child's lane.
    expect(
      takeFirstHistoryPage({ sessionId: SUBAGENT_TREE.parent, childId: SUBAGENT_TREE.licenses }),
    ).toBeUndefined()
    // The parent's own first page is kept under the parent, apart from the children's.
    expect((await takeFirstHistoryPage(SUBAGENT_TREE.parent))?.events.length).toBeGreaterThan(0)
  })

  it('opened on another tab, asks for no child’s page', async () => {
    const asked = await openTreeAtStartUp('transcript')
    await expect
      .poll(async () => (await takeFirstHistoryPage(SUBAGENT_TREE.parent))?.events.length)
      .toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(asked).toEqual([])
  })
})
