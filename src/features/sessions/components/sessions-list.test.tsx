import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { sessionKeys } from '@/data/sessions/keys'
import type { Session } from '@/data/sessions/types'
import { AGENT, ENV, SESSION } from '@/mocks/seed/fixture-ids'
import { setLocale } from '@/i18n'
import { MORE_SESSIONS } from '@/mocks/seed/seed-sessions'
import { renderApp } from '@/testing/render-app'

const manySessions = (count: number): Session[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `sess_paged${String(i).padStart(4, '0')}`,
    agentId: AGENT.releaseHelper,
    environmentId: i % 3 === 0 ? ENV.labBox : ENV.buildWorkers,
    status: 'idle',
    createdAt: 1_800_000_000_000 - i * 1000,
    updatedAt: 1_800_000_000_000 - i * 1000,
    archivedAt: null,
  }))

type ListShape = 'array' | 'array without total' | 'page object'

/**
 * The sessions list as a server answers it: `array` is the upstream code (limit/offset honoured,
 * X-Total-Count, environmentId ignored, C2/C3); `page object` is the newest docs' `{items, next_offset}`.
 */
function sessionsAnswer(all: Session[], shape: ListShape, seen: URL[] = []) {
  return http.get('*/api/v1/agent-sessions', ({ request }) => {
    const url = new URL(request.url)
    seen.push(url)
    const limit = Number(url.searchParams.get('limit') ?? all.length)
    const offset = Number(url.searchParams.get('offset') ?? 0)
    const agentId = url.searchParams.get('agentId')
    const matching = all.filter((session) => !agentId || session.agentId === agentId)
    const page = matching.slice(offset, offset + limit)
    if (shape === 'page object') {
      const next = offset + page.length
      return HttpResponse.json({ items: page, next_offset: next < matching.length ? next : null })
    }
    const headers: Record<string, string> =
      shape === 'array' ? { 'X-Total-Count': String(matching.length) } : {}
    return HttpResponse.json(page, { headers })
  })
}

async function pageToTheEnd() {
  const ids: string[] = []
  const table = await screen.findByRole('table', { name: 'Sessions' })
  for (let page = 0; page < 10; page += 1) {
    const first = within(table).getAllByRole('link', { name: /^sess_paged/ })[0]?.textContent
    if (ids.includes(first ?? '')) break
    ids.push(
      ...within(table)
        .getAllByRole('link', { name: /^sess_paged/ })
        .map((link) => link.textContent ?? ''),
    )
    const next = screen.getByRole('button', { name: 'Next' })
    if (next.hasAttribute('disabled')) break
    await userEvent.click(next)
    await waitFor(() =>
      expect(within(table).getAllByRole('link', { name: /^sess_paged/ })[0]?.textContent).not.toBe(first),
    )
  }
  return ids
}

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

describe('sessions list', () => {
  it('compares sessions created elsewhere with their agent’s default and says these are the caller’s own', async () => {
    const app = await renderApp(`/sessions?agentId=${AGENT.releaseHelper}`, { namespace: 'default' })
    activeServer = app.server
    const table = await screen.findByRole('table', { name: 'Sessions' })
    // Links read the session's title; its id is part of the name as well.
    const labRow = (await within(table).findByRole('link', { name: new RegExp(SESSION.labQueued) })).closest(
      'tr',
    )
    const doneRow = within(table)
      .getByRole('link', { name: new RegExp(SESSION.buildDone) })
      .closest('tr')
    if (!labRow || !doneRow) throw new Error('rows missing')
    // The server does not say how an environment was chosen; for sessions this console did not
    // create, the list can only compare with the agent's current default.
    expect(await within(labRow).findByText('differs from default')).toBeInTheDocument()
    expect(within(doneRow).getByText('matches default')).toBeInTheDocument()
    expect(await within(doneRow).findByText('build-workers')).toBeInTheDocument()
    expect(
      screen.getByText(/Only your own sessions: the server lists the sessions you created/),
    ).toBeInTheDocument()
  })

  it.each([
    ['en', 'Not found in this namespace', 'not found'],
    ['zh-CN', '在此命名空间中找不到', '找不到'],
  ] as const)(
    'says a deleted environment is not found instead of showing its id as a name and “matches default” (%s)',
    async (locale, notHere, marker) => {
      await setLocale(locale)
      try {
        const app = await renderApp(`/sessions?agentId=${AGENT.releaseHelper}`, { namespace: 'default' })
        activeServer = app.server
        // The agent's default still names it (release-helper → build-workers).
        app.backend.db.environments.delete(ENV.buildWorkers)
        await app.queryClient.invalidateQueries()
        const table = await screen.findByRole('table')
        const doneRow = (
          await within(table).findByRole('link', { name: new RegExp(SESSION.buildDone) })
        ).closest('tr')
        if (!doneRow) throw new Error('row missing')
        expect(await within(doneRow).findByText(notHere)).toBeInTheDocument()
        expect(within(doneRow).getByText(ENV.buildWorkers)).toBeInTheDocument()
        expect(within(doneRow).getByText(marker)).toBeInTheDocument()
        expect(within(doneRow).queryByText(locale === 'en' ? 'matches default' : '与默认一致')).toBeNull()
      } finally {
        await setLocale('en')
      }
    },
  )

  it.each([
    ['en', 'Not found in this namespace'],
    ['zh-CN', '在此命名空间中找不到'],
  ] as const)(
    'names an agent of another namespace in words and never asks for its definition (%s)',
    async (locale, notHere) => {
      await setLocale(locale)
      try {
        const asked: string[] = []
        const app = await renderApp('/sessions', { user: 'admin', namespace: 'default' })
        activeServer = app.server
        app.server.events.on('request:start', ({ request }) => {
          if (new URL(request.url).pathname.endsWith('/definition')) asked.push(new URL(request.url).pathname)
        })
        const table = await screen.findByRole('table')
        const row = (
          await within(table).findByRole('link', { name: new RegExp(MORE_SESSIONS.research) })
        ).closest('tr')
        if (!row) throw new Error('row missing')
        // Agent and environment both live in the research namespace.
        await waitFor(() => expect(within(row).getAllByText(notHere)).toHaveLength(2))
        expect(within(row).getByText(AGENT.researchScout)).toBeInTheDocument()
        await app.queryClient.refetchQueries()
        expect(asked.filter((path) => path.includes(AGENT.researchScout))).toEqual([])
        expect(asked.length).toBeGreaterThan(0)
      } finally {
        await setLocale('en')
      }
    },
  )

  it.each([
    ['en', /Your role \(viewer\) cannot create sessions/, /create a session/],
    ['zh-CN', /你的角色（查看者）无法创建会话/, /创建一个会话/],
  ] as const)('does not tell a viewer to create a session (%s)', async (locale, said, notSaid) => {
    await setLocale(locale)
    try {
      const app = await renderApp('/sessions', { user: 'bob', namespace: 'default' })
      activeServer = app.server
      // bob owns no session, and the server lists only the caller's own.
      expect(await screen.findByText(said)).toBeInTheDocument()
      expect(screen.queryByText(notSaid)).toBeNull()
    } finally {
      await setLocale('en')
    }
  })

  it('names sessions by their first message and agents by name, newest activity first', async () => {
    const app = await renderApp('/sessions', { namespace: 'default' })
    activeServer = app.server
    const table = await screen.findByRole('table', { name: 'Sessions' })
    const link = await within(table).findByRole(
      'link',
      {
        name: new RegExp(
          `^Tidy the getting-started guide: the install command is… ${SESSION.needsApproval}$`,
        ),
      },
      { timeout: 10_000 },
    )
    const row = link.closest('tr')
    if (!row) throw new Error('row missing')
    // The id stays visible beside the title, and the agent shows by its name.
    expect(within(row).getByText(SESSION.needsApproval, { ignore: '.sr-only' })).toBeVisible()
    expect(within(row).getByRole('button', { name: `Copy id ${SESSION.needsApproval}` })).toBeInTheDocument()
    expect(await within(row).findByText('docs-writer')).toBeInTheDocument()
    expect(within(row).getByText(AGENT.docsWriter)).toBeInTheDocument()
    const backend = app.backend.db.sessions
    const shown = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => [...backend.keys()].find((id) => tr.textContent?.includes(id)))
    const activity = shown.map((id) => {
      const session = id ? backend.get(id)?.session : undefined
      return session ? (session.lastActivityAt ?? session.updatedAt) : 0
    })
    expect(activity).toEqual([...activity].sort((a, b) => b - a))
  })

  it('filters by environment in the console, since the server ignores environmentId, and pages the result', async () => {
    const all = manySessions(90)
    const seen: URL[] = []
    const app = await renderApp(`/sessions?agentId=${AGENT.releaseHelper}`, { namespace: 'default' })
    activeServer = app.server
    app.server.use(sessionsAnswer(all, 'array', seen))
    await app.queryClient.resetQueries({ queryKey: sessionKeys.all })
    const table = await screen.findByRole('table', { name: 'Sessions' })
    await within(table).findAllByRole('link', { name: /^sess_paged/ })

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Environment' }), ENV.labBox)
    expect(new URLSearchParams(app.location.search).get('environmentId')).toBe(ENV.labBox)
    expect(await screen.findByText(/The environment filter is applied by the console/)).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getByTestId('sessions-range')).toHaveTextContent('1–25 of your 30 sessions'),
    )
    const onLab = all.filter((session) => session.environmentId === ENV.labBox).map((session) => session.id)
    expect(await pageToTheEnd()).toEqual(onLab)
    // Status and agent still go to the server, which honours them.
    const last = seen.at(-1)
    expect(last?.searchParams.get('agentId')).toBe(AGENT.releaseHelper)
    expect(last?.searchParams.get('status')).toBe('active')
  })

  it.each<[ListShape, string]>([
    ['array', '51–60 of your 60 sessions'],
    ['array without total', '51–60 of your sessions'],
    ['page object', '51–60 of your sessions'],
  ])('pages to the end when the server answers as a %s', async (shape, lastRange) => {
    const all = manySessions(60)
    const app = await renderApp('/sessions', { namespace: 'default' })
    activeServer = app.server
    app.server.use(sessionsAnswer(all, shape))
    await app.queryClient.resetQueries({ queryKey: sessionKeys.all })
    expect(await pageToTheEnd()).toEqual(all.map((session) => session.id))
    expect(screen.getByTestId('sessions-range')).toHaveTextContent(lastRange)
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(new URLSearchParams(app.location.search).get('offset')).toBe('50')
  })
})
