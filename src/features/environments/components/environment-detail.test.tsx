import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TEST_NOW } from '@/mocks/node'
import { AGENT, ENV, SESSION, WORKERS } from '@/mocks/seed/fixture-ids'
import { setLocale } from '@/i18n'
import { workKeys } from '@/data/work/keys'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
beforeEach(() => {
  // Worker health compares the mock's heartbeats (fixed clock) with the page's "now".
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(TEST_NOW)
})
afterEach(() => {
  activeServer?.close()
  activeServer = null
  vi.useRealTimers()
})

async function open(path: string, user: 'alice' | 'bob' = 'alice') {
  const app = await renderApp(path, { user, namespace: 'default' })
  activeServer = app.server
  // The first screen of a test file loads its lazy route chunk cold, which can take seconds.
  await screen.findAllByRole('heading', { level: 1 }, { timeout: 10_000 })
  return app
}

describe('environment detail', () => {
  it('shows the overview with id, capabilities and masked config', async () => {
    await open(`/environments/${ENV.e2bPython}`)
    expect(await screen.findByRole('heading', { name: 'e2b-python', level: 1 })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Copy environment ID' }).length).toBeGreaterThan(0)
    const config = screen.getByLabelText('Config (secrets masked)')
    expect(config).toHaveTextContent('characters hidden')
    expect(config).not.toHaveTextContent('e2b_live_')
    expect(screen.getByText('Runs on: E2B sandbox')).toBeInTheDocument()
  })

  it('lists workers with health, claims, queue stats and work items', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.buildWorkers}?tab=workers`)
    const workers = await screen.findByRole('table', { name: 'Workers of this environment' })
    const rowB = within(workers).getByText(WORKERS.b).closest('tr') as HTMLElement
    // worker-b works on a claim: busy, a state of its own; worker-a polls with nothing to do.
    expect(within(rowB).getByText('Busy')).toBeInTheDocument()
    // Claims name their session by title (its first message), the id beside it as copyable text.
    const claimLink = await within(rowB).findByRole('link', {
      name: `Write environment-check.txt and read it back. ${SESSION.buildActive}`,
    })
    expect(claimLink).toHaveAttribute('href', `/sessions/${SESSION.buildActive}`)
    expect(within(rowB).getByRole('button', { name: `Copy id ${SESSION.buildActive}` })).toBeInTheDocument()
    const rowA = within(workers).getByText(WORKERS.a).closest('tr') as HTMLElement
    expect(within(rowA).getByText('Idle')).toBeInTheDocument()
    expect(screen.getByText(/Busy: holds a claim whose heartbeat moved in the last 60 s/)).toBeInTheDocument()
    const stats = await screen.findByRole('group', { name: 'Work items by status' })
    expect(within(stats).getByText('Active').nextElementSibling).toHaveTextContent('1')
    expect(await screen.findByRole('table', { name: 'Work items' })).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Status'), 'stopped')
    expect(await screen.findByRole('table', { name: 'Work items with status stopped' })).toBeInTheDocument()
    expect(new URLSearchParams(app.location.search).get('state')).toBe('stopped')
    expect(screen.getByRole('heading', { name: 'Run your worker' })).toBeInTheDocument()
  })

  it('says on the Usage tab which sessions wait for a worker rather than for an answer', async () => {
    await open(`/environments/${ENV.labBox}?tab=usage`)
    const active = await screen.findByRole('region', { name: 'Active sessions' })
    // Its work item is queued and lab-gpu-box's worker is offline.
    expect(await within(active).findByText(/waiting for a worker/)).toBeInTheDocument()
    expect(within(active).queryByText(/waiting for an answer/)).toBeNull()
  })

  it.each([
    ['en', 'Status', ['All statuses', 'Queued', 'Starting', 'Active', 'Stopping', 'Stopped']],
    ['zh-CN', '状态', ['全部状态', '排队中', '启动中', '运行中', '停止中', '已停止']],
  ] as const)('offers the work-item statuses as words on their own (%s)', async (locale, label, options) => {
    await setLocale(locale)
    try {
      await open(`/environments/${ENV.buildWorkers}?tab=workers`)
      const filter = await screen.findByLabelText(label)
      expect(
        within(filter)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(options)
    } finally {
      await setLocale('en')
    }
  })

  it('brings the work item a link names into view and marks it, from the URL', async () => {
    const scrolled: Element[] = []
    const spy = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this)
    })
    try {
      await open(`/environments/${ENV.buildWorkers}?tab=workers&work=work_buildactive01`)
      const table = await screen.findByRole('table', { name: 'Work items' })
      const row = within(table).getByText('work_buildactive01').closest('tr') as HTMLElement
      expect(row).toHaveAttribute('aria-current', 'true')
      expect(within(row).getByText('Linked')).toBeInTheDocument()
      await waitFor(() => expect(scrolled).toContain(row))
      // Only that one is marked.
      expect(table.querySelectorAll('[aria-current="true"]')).toHaveLength(1)
    } finally {
      spy.mockRestore()
    }
  })

  it('says so when the linked work item has finished, is filtered out or is not listed', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.buildWorkers}?tab=workers&work=work_builddone0000`)
    expect(
      await screen.findByText(
        'Work item work_builddone0000 has finished (stopped): no worker holds it any more.',
      ),
    ).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('Status'), 'active')
    expect(
      await screen.findByText('Work item work_builddone0000 is not among the active work items.'),
    ).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Show all statuses' }))
    await waitFor(() => expect(new URLSearchParams(app.location.search).get('state')).toBeNull())
    expect(new URLSearchParams(app.location.search).get('work')).toBe('work_builddone0000')
    const table = await screen.findByRole('table', { name: 'Work items' })
    expect(within(table).getByText('work_builddone0000').closest('tr')).toHaveAttribute(
      'aria-current',
      'true',
    )
  })

  it('says the linked work item is not listed rather than showing nothing', async () => {
    await open(`/environments/${ENV.buildWorkers}?tab=workers&work=work_gone`)
    expect(
      await screen.findByText(
        'Work item work_gone is not in this list. It may belong to another environment, or the server no longer lists it.',
      ),
    ).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Work items' })
    expect(table.querySelector('[aria-current]')).toBeNull()
  })

  it('diagnoses queued work with no worker online', async () => {
    await open(`/environments/${ENV.labBox}?tab=workers`)
    const diagnosis = await screen.findByText('No worker online')
    expect(diagnosis.closest('[role="status"]')).toHaveTextContent(
      '1 work item queued, the oldest for 25 min',
    )
    const workers = await screen.findByRole('table', { name: 'Workers of this environment' })
    expect(within(workers).getByText('Offline')).toBeInTheDocument()
  })

  it.each([
    [
      'en',
      'Rotate key',
      /Rotate the key of build-workers/,
      'Connected workers',
      'last seen 2 minutes ago',
      'Stale',
    ],
    ['zh-CN', '轮换密钥', /build-workers/, '已连接的工作进程', /最后出现于/, '滞后'],
  ] as const)(
    'names a worker quiet between polls by when it was last seen, not as stale, in the rotate dialog (%s)',
    async (locale, button, title, listName, seen, stale) => {
      await setLocale(locale)
      try {
        const user = userEvent.setup()
        const app = await open(`/environments/${ENV.buildWorkers}`)
        // worker-a last polled two minutes ago and holds nothing: still within the 5 minutes.
        app.backend.db.workerHeartbeats.set(WORKERS.a, TEST_NOW - 2 * 60_000)
        await user.click(await screen.findByRole('button', { name: button }))
        const confirm = await screen.findByRole('dialog', { name: title })
        const connected = await within(confirm).findByRole('list', { name: listName })
        const rowA = within(connected).getByText(WORKERS.a).closest('li') as HTMLElement
        expect(within(rowA).getByText(seen)).toBeInTheDocument()
        expect(within(rowA).queryByText(stale)).toBeNull()
      } finally {
        await setLocale('en')
      }
    },
  )

  it('rotates the key: says what breaks, shows the key once, then tracks the cut-over', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.buildWorkers}`)
    await user.click(await screen.findByRole('button', { name: 'Rotate key' }))
    const confirm = await screen.findByRole('dialog', { name: /Rotate the key of build-workers/ })
    expect(within(confirm).getByText('The old key stops working at once.')).toBeInTheDocument()
    const connected = await within(confirm).findByRole('list', { name: 'Connected workers' })
    expect(within(connected).getByText(WORKERS.a)).toBeInTheDocument()
    expect(within(connected).getByText(WORKERS.b)).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Rotate key' }))

    const keyDialog = await screen.findByRole('dialog', { name: 'New key issued: save it' })
    const key = within(keyDialog).getByTestId('one-time-key').textContent ?? ''
    expect(key).toMatch(/^ek_/)
    expect(
      JSON.stringify(
        app.queryClient
          .getQueryCache()
          .getAll()
          .map((query) => query.state.data),
      ),
    ).not.toContain(key)
    await user.click(within(keyDialog).getByLabelText('I saved the key somewhere safe'))
    await user.click(within(keyDialog).getByRole('button', { name: 'Done' }))

    const cutover = await screen.findByLabelText('Key rotation cut-over')
    expect(cutover).toHaveTextContent('0 of the 2 workers')
    expect(JSON.stringify({ ...sessionStorage })).not.toContain(key)

    // worker-a restarts with the new key and heartbeats again.
    app.backend.db.workerHeartbeats.set(WORKERS.a, app.backend.clock.now() + 1_000)
    await app.queryClient.invalidateQueries({ queryKey: workKeys.handsStatus() })
    await waitFor(() => expect(cutover).toHaveTextContent('1 of the 2 workers'))
    expect(within(cutover).getByText(WORKERS.a).nextElementSibling).toHaveTextContent('Reconnected')
    expect(within(cutover).getByText(WORKERS.b).nextElementSibling).toHaveTextContent('Not yet reconnected')
  })

  it('archives after listing the usage, then shows it read-only with the reason', async () => {
    const user = userEvent.setup()
    await open(`/environments/${ENV.buildWorkers}`)
    await user.click(await screen.findByRole('button', { name: 'Archive' }))
    const dialog = await screen.findByRole('dialog', { name: 'Archive build-workers?' })
    expect(await within(dialog).findByRole('link', { name: 'release-helper' })).toBeInTheDocument()
    // Only the caller's own sessions are listed (C4): alice has no archived one there.
    expect(within(dialog).getByText(/4 active and 0 archived sessions bound to it/)).toBeInTheDocument()
    expect(within(dialog).getByText(/work item is queued or running \(active\)/)).toBeInTheDocument()
    expect(within(dialog).getByText('Archiving does not cancel running work:')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }))
    expect(await screen.findByText('Archived: read-only')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Rotate key' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit config' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument()
  })

  it('explains server refusals in the dialog: 409 on delete, 403 on archive', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.sharedDocs}`)
    app.server.use(
      http.delete('*/api/environments/:id', () =>
        HttpResponse.json({ error: 'environment is referenced by 2 sessions' }, { status: 409 }),
      ),
      http.post('*/api/environments/:id/archive', () =>
        HttpResponse.json({ error: 'forbidden' }, { status: 403 }),
      ),
    )
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    const remove = await screen.findByRole('dialog', { name: 'Delete shared-docs?' })
    await user.click(within(remove).getByRole('button', { name: 'Delete environment' }))
    expect(await within(remove).findByRole('alert')).toHaveTextContent(
      'still in use (environment is referenced by 2 sessions)',
    )
    await user.click(within(remove).getByRole('button', { name: 'Cancel' }))
    await user.click(screen.getByRole('button', { name: 'Archive' }))
    const archive = await screen.findByRole('dialog', { name: 'Archive shared-docs?' })
    await user.click(within(archive).getByRole('button', { name: 'Archive' }))
    expect(await within(archive).findByRole('alert')).toHaveTextContent(
      /^You do not have permission to archive/,
    )
  })

  it('deletes and returns to the list', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.e2bDefault}`)
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete e2b-default?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete environment' }))
    await waitFor(() => expect(app.location.pathname).toBe('/environments'))
    expect(app.backend.db.environments.has(ENV.e2bDefault)).toBe(false)
  })

  it('shows usage with links to agents and sessions', async () => {
    await open(`/environments/${ENV.buildWorkers}?tab=usage`)
    const agents = await screen.findByRole('region', { name: 'Agents with this default environment' })
    expect(within(agents).getByRole('link', { name: 'release-helper' })).toBeInTheDocument()
    const archived = screen.getByRole('region', { name: 'Archived sessions' })
    expect(within(archived).getByText('No archived session is bound to it.')).toBeInTheDocument()
    const active = screen.getByRole('region', { name: 'Active sessions' })
    // Sessions by title, the id beside it; the agent by name.
    expect(
      await within(active).findByRole('link', {
        name: `Write environment-check.txt and read it back. ${SESSION.buildActive}`,
      }),
    ).toBeInTheDocument()
    expect(within(active).getAllByText(/agent release-helper/).length).toBeGreaterThan(0)
    expect(within(active).getByRole('button', { name: `Copy id ${SESSION.buildActive}` })).toBeInTheDocument()
  })

  it('names the sessions of 100 work items from one list read, not one request per row', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.buildWorkers}`)
    // Another user's sessions: the caller cannot list them (C4), so they stay ids.
    for (let index = 0; index < 100; index += 1) {
      const id = `work_other${String(index).padStart(4, '0')}`
      app.backend.db.workItems.set(id, {
        id,
        sessionId: `sess_other${String(index).padStart(4, '0')}`,
        environmentId: ENV.buildWorkers,
        ownerId: 'someone-else',
        status: 'queued',
        claimedBy: null,
        workDir: null,
        createdAt: TEST_NOW - 60_000,
        updatedAt: TEST_NOW - 60_000,
      })
    }
    const requests: string[] = []
    app.server.events.on('request:start', ({ request }) => {
      requests.push(new URL(request.url).pathname)
    })
    await user.click(await screen.findByRole('tab', { name: 'Workers & claims' }))
    const table = await screen.findByRole('table', { name: 'Work items' })
    await within(table).findByRole('link', {
      name: `Write environment-check.txt and read it back. ${SESSION.buildActive}`,
    })
    // A session the caller cannot see is linked by its id, never blank.
    expect(within(table).getByRole('link', { name: 'sess_other0042' })).toHaveAttribute(
      'href',
      '/sessions/sess_other0042',
    )
    const sessionReads = requests.filter((path) => path.startsWith('/api/v1/agent-sessions'))
    expect(sessionReads.filter((path) => path === '/api/v1/agent-sessions')).toHaveLength(1)
    // One small read of the first events per listed session of this environment, none for the rest.
    const eventReads = sessionReads.filter((path) => path.endsWith('/events'))
    expect(eventReads.length).toBeLessThanOrEqual(3)
    expect(sessionReads.some((path) => path.includes('sess_other'))).toBe(false)
  })

  it('finds the agents whose definition defaults here when the catalog carries no default (C5)', async () => {
    const user = userEvent.setup()
    const app = await open(`/environments/${ENV.buildWorkers}`)
    await screen.findByRole('heading', { name: 'build-workers', level: 1 })
    app.server.use(
      // The upstream catalog: displayName, no defaultEnvironmentId on the items.
      http.get('*/api/v1/agents', () =>
        HttpResponse.json({
          items: [...app.backend.db.agents.values()]
            .filter((record) => record.agent.status === 'active' && record.namespace === 'default')
            .map(({ agent }) => ({
              id: agent.id,
              agentKey: agent.agentKey,
              displayName: `${agent.displayName} (catalog)`,
              status: agent.status,
              createdAt: '2026-10-01T09:00:00Z',
              updatedAt: '2026-10-01T09:00:00Z',
              archivedAt: null,
            })),
        }),
      ),
      http.get('*/api/v1/agents/:agentId/definition', ({ params }) =>
        params.agentId === AGENT.docsWriter
          ? HttpResponse.json({ error: 'forbidden' }, { status: 403 })
          : undefined,
      ),
    )
    await user.click(screen.getByRole('tab', { name: 'Usage' }))
    const agents = await screen.findByRole('region', { name: 'Agents with this default environment' })
    expect(await within(agents).findByRole('link', { name: 'release-helper (catalog)' })).toBeInTheDocument()
    expect(
      within(agents).getByText(
        /definition could not be read, so it may also default here: docs-writer \(catalog\)/,
      ),
    ).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Rotate key' }))
    const rotate = await screen.findByRole('dialog', { name: 'Rotate the key of build-workers?' })
    expect(await within(rotate).findByRole('link', { name: 'release-helper (catalog)' })).toBeInTheDocument()
  })

  it('gives a viewer no write actions and says why', async () => {
    await open(`/environments/${ENV.buildWorkers}`, 'bob')
    expect(await screen.findByRole('heading', { name: 'build-workers', level: 1 })).toBeInTheDocument()
    expect(screen.getByText(/Your role \(viewer\)/)).toBeInTheDocument()
    for (const name of ['Rotate key', 'Archive', 'Delete'])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Edit config' })).not.toBeInTheDocument()
  })

  it('says what to do when the environment does not exist', async () => {
    await open('/environments/env_doesnotexist')
    expect(await screen.findByText('Environment not found')).toBeInTheDocument()
    expect(screen.getByText(/Check the namespace, or go back to the list/)).toBeInTheDocument()
  })
})

describe('environment detail in Chinese', () => {
  it('switches the open page to Simplified Chinese without a reload', async () => {
    await open(`/environments/${ENV.buildWorkers}?tab=workers`)
    await screen.findByRole('table', { name: 'Workers of this environment' })
    try {
      await act(() => setLocale('zh-CN'))
      expect(screen.getByRole('tab', { name: '工作进程与认领' })).toHaveAttribute('aria-selected', 'true')
      expect(screen.getByRole('heading', { name: '运行你的工作进程', level: 2 })).toBeInTheDocument()
      const workers = screen.getByRole('table', { name: '此环境的工作进程' })
      const rowB = within(workers).getByText(WORKERS.b).closest('tr') as HTMLElement
      expect(within(rowB).getByText('忙碌')).toBeInTheDocument()
      const stats = screen.getByRole('group', { name: '按状态统计的工作项' })
      expect(within(stats).getByText('运行中').nextElementSibling).toHaveTextContent('1')
      expect(screen.getByRole('button', { name: '轮换密钥' })).toBeInTheDocument()
    } finally {
      await act(() => setLocale('en'))
    }
    expect(screen.getByRole('heading', { name: 'Run your worker', level: 2 })).toBeInTheDocument()
  })
})
