import { expect, type Page } from '@playwright/test'

// Seeded ids (src/mocks/seed/fixture-ids.ts); e2e runs against the built console, so they are repeated here.
export const SEEDED = {
  triageBot: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f04',
  releaseHelper: '3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01',
  buildWorkers: 'env_buildworkers01',
  sharedDocs: 'env_shareddocs001',
  buildDone: 'sess_builddone0001',
  buildActive: 'sess_buildactive01',
  labQueued: 'sess_labqueued0001',
  largeHistory: 'sess_largehistory1',
  needsApproval: 'sess_needsapprove1',
  fresh: 'sess_freshsession01',
} as const

/** The seeded sub-agent tree (src/mocks/seed/seed-subagents.ts): three children, one grandchild. */
export const SUBAGENT_TREE = {
  parent: 'sess_subagenttree01',
  dependencies: 'sess_childdepsaudit',
  licenses: 'sess_grandchildlics',
  docsLinks: 'sess_childdocslinks',
} as const

/** The id the mock gives the `seq`-th event of a session (session-history.ts). */
export function seededEventId(sessionId: string, seq: number): string {
  return `evt_${sessionId.replace(/^sess_/, '')}_${seq.toString(36).padStart(6, '0')}`
}

export type ApiAnswer = { status: number; body: unknown }

/**
 * Calls the API (or the mock's /__mock controls) from inside the page, so the bundled mock in the
 * service worker answers with the state the console shows, as the signed-in user. In real-API mode
 * pass the Gateway's absolute URL.
 */
export async function callApi(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ method, path, body, extraHeaders }) => {
      const auth = JSON.parse(sessionStorage.getItem('asc.auth') ?? 'null') as { token?: string } | null
      const scope = JSON.parse(localStorage.getItem('asc.scope') ?? 'null') as { namespace?: string } | null
      const headers: Record<string, string> = { Authorization: `Bearer ${auth?.token ?? ''}` }
      if (scope?.namespace) headers['X-AgentScope-Namespace'] = scope.namespace
      if (body !== undefined) headers['Content-Type'] = 'application/json'
      Object.assign(headers, extraHeaders)
      const response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
      })
      const text = await response.text()
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null }
    },
    { method, path, body, extraHeaders },
  )
}

/** Every event of a session as the server holds it, paged like the console pages it. */
export async function serverEventIds(page: Page, sessionId: string, base = ''): Promise<string[]> {
  const ids: string[] = []
  let after: string | null = null
  for (;;) {
    const query: string = after ? `&after=${encodeURIComponent(after)}` : ''
    const page_ = await callApi(
      page,
      'GET',
      `${base}/api/v1/agent-sessions/${sessionId}/events?limit=1000${query}`,
    )
    const body = page_.body as { data: { id: string }[]; has_more: boolean; next_cursor: string | null }
    ids.push(...body.data.map((event) => event.id))
    if (!body.has_more || body.data.length === 0) return ids
    after = body.next_cursor
  }
}

/**
 * Runs the console in real-API mode against `gateway` (the mock over HTTP, like a deployed
 * Gateway) and signs in through the form. Unlike the demo's service worker, page.route sees every
 * API request there, so a test can answer one itself.
 */
export async function signInRealApi(
  page: Page,
  gateway: string,
  user: 'alice' | 'bob' | 'admin',
  next = '/sessions',
) {
  await page.route('**/console-config.json', (route) =>
    route.fulfill({ json: { apiMode: 'real', apiBaseUrl: gateway } }),
  )
  await page.goto(`/login?next=${encodeURIComponent(next)}`)
  await page.getByLabel('Username').fill(user)
  await page.getByLabel('Password').fill(user)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`${next.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
}

/** Waits until the session's latest turn has `status`, as the turn list answers it. */
export async function expectLatestTurnStatus(page: Page, sessionId: string, status: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const turns = await callApi(page, 'GET', `/api/v1/agent-sessions/${sessionId}/turns`)
        return (turns.body as { status: string }[]).at(-1)?.status
      },
      { timeout: 60_000 },
    )
    .toBe(status)
}
