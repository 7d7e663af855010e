import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse, type RequestHandler } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { MORE_SESSIONS } from '@/mocks/seed/seed-sessions'
import { SESSION } from '@/mocks/seed/fixture-ids'
import { sessionKeys } from '@/data/sessions/keys'
import { setLocale } from '@/i18n'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

async function open(path: string, handlers: RequestHandler[] = []) {
  const app = await renderApp(path, { namespace: 'default', handlers })
  activeServer = app.server
  return app
}

describe('session page', () => {
  it('shows a snapshot whose answer has no usage and a resource list of the wrong type', async () => {
    const olderSnapshot = http.get('*/api/v1/agent-sessions/:session/snapshot', () =>
      HttpResponse.json({
        as_of: 'cur_older_server',
        turns: [{ type: 'turn', data: { turn_id: 'turn_9', status: 'completed' } }],
        tools: {},
      }),
    )
    await open(`/sessions/${MORE_SESSIONS.fresh}?tab=snapshot`, [olderSnapshot])
    expect(await screen.findByText('cur_older_server', {}, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getByText(/0 model calls · 0 input \/ 0 output tokens/)).toBeInTheDocument()
    expect(screen.getByText('turn_9')).toBeInTheDocument()
  })

  it.each([
    [
      'en',
      'will not run: its environment is not found',
      /is not found in this namespace/,
      'Send',
      'Verify this environment',
    ],
    ['zh-CN', '不会运行：找不到它的环境', /在此命名空间中找不到此会话的环境/, '发送', '验证此环境'],
  ] as const)(
    'after its environment was deleted, says a pending call will not run and offers no Send or Verify (%s)',
    async (locale, pending, notice, send, verify) => {
      await setLocale(locale)
      try {
        const app = await open(`/sessions/${SESSION.needsApproval}`)
        const record = app.backend.db.sessions.get(SESSION.needsApproval)
        const environmentId = record?.session.environmentId
        if (!environmentId) throw new Error('seeded session without an environment')
        app.backend.db.environments.delete(environmentId)
        await app.queryClient.resetQueries()
        const feed = await screen.findByRole('feed', {}, { timeout: 5000 })
        expect(await within(feed).findByText(pending, {}, { timeout: 5000 })).toBeInTheDocument()
        expect(within(feed).queryByText(/ran in the backend|在后端运行/)).toBeNull()
        expect(await screen.findByText(notice)).toBeInTheDocument()
        expect(screen.getByRole('button', { name: send })).toBeDisabled()
        expect(screen.getByRole('button', { name: verify })).toBeDisabled()
      } finally {
        await setLocale('en')
      }
    },
  )

  it('opens a session of another namespace without asking for its agent’s definition, its environment named as not found here', async () => {
    const asked: string[] = []
    const app = await renderApp(`/sessions/${MORE_SESSIONS.research}?tab=environment`, {
      user: 'admin',
      namespace: 'default',
    })
    activeServer = app.server
    app.server.events.on('request:start', ({ request }) => {
      const { pathname } = new URL(request.url)
      if (pathname.endsWith('/definition')) asked.push(pathname)
    })
    expect(await screen.findAllByText('Not found in this namespace')).not.toHaveLength(0)
    expect(await screen.findByText('not found')).toBeInTheDocument()
    await app.queryClient.refetchQueries()
    expect(asked).toEqual([])
  })

  it('joins tool records to the worker that claimed them', async () => {
    await open(`/sessions/${SESSION.buildDone}?tab=tools`)
    const cards = await screen.findAllByRole('article', { name: /^Tool call write_file/ }, { timeout: 5000 })
    const card = cards.at(-1)
    if (!card) throw new Error('no card')
    expect(await within(card).findByText(/Claimed by worker worker-b/)).toBeInTheDocument()
    expect(within(card).getByRole('list', { name: 'Claim timeline' })).toHaveTextContent(
      /Work .* queued for this session.*write_file requested.*Turn suspended \(waiting for a worker\).*Result posted.*Turn resumed/,
    )
    expect(within(card).getByText('Content written to environment-check.txt')).toBeInTheDocument()
  })

  it('reopens a permalinked event, moves with j and k, and keeps the selection in the URL', async () => {
    const eventId = 'evt_builddone0001_00000a'
    const app = await open(`/sessions/${SESSION.buildDone}?event=${eventId}`)
    const detail = await screen.findByRole('region', { name: 'Selected event' }, { timeout: 5000 })
    expect(within(detail).getByText(eventId)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { current: true })).toBeInTheDocument())
    await userEvent.keyboard('j')
    await waitFor(() =>
      expect(new URLSearchParams(app.location.search).get('event')).toBe('evt_builddone0001_00000b'),
    )
    await userEvent.keyboard('k')
    await waitFor(() => expect(new URLSearchParams(app.location.search).get('event')).toBe(eventId))
  })

  it('filters events by category in the URL and jumps to the next error', async () => {
    const app = await open(`/sessions/${MORE_SESSIONS.failedTurn}?cat=tool`)
    const list = await screen.findByRole('list', { name: 'Session events' }, { timeout: 5000 })
    await waitFor(() =>
      expect(within(list).getAllByRole('button', { name: /tool\./ }).length).toBeGreaterThan(0),
    )
    expect(within(list).queryByRole('button', { name: /turn\.accepted/ })).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: /Next error/ }))
    await waitFor(() => expect(new URLSearchParams(app.location.search).get('event')).not.toBeNull())
    const detail = screen.getByRole('region', { name: 'Selected event' })
    expect(within(detail).getByRole('heading')).toHaveTextContent('tool.completed')
    expect(new URLSearchParams(app.location.search).get('cat')).toBe('tool')
  })

  it('says why a queued turn on an offline self-hosted environment is not running', async () => {
    await open(`/sessions/${SESSION.labQueued}`)
    expect(
      await screen.findByText(/No worker is online for this self-hosted environment/, {}, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open the worker guide to start a worker' })).toHaveAttribute(
      'href',
      '/environments/env_labgpubox0001?tab=workers#worker-guide',
    )
  })

  it('the notice under the composer follows the accepted turn as the session’s turns refresh', async () => {
    const app = await open(`/sessions/${MORE_SESSIONS.fresh}`)
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Say hello')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    const notice = await screen.findByText(/Turn turn_\w+ accepted\. Status: queued\./)
    const turnId = /Turn (turn_\w+)/.exec(notice.textContent ?? '')?.[1]
    // The turns the session's live log refreshes, now with the turn finished.
    const key = sessionKeys.turns(MORE_SESSIONS.fresh)
    await waitFor(() => expect(app.queryClient.getQueryData(key)).toBeDefined())
    app.queryClient.setQueryData(key, (turns: { id: string; status: string }[] | undefined) =>
      turns?.map((turn) => (turn.id === turnId ? { ...turn, status: 'completed' } : turn)),
    )
    await waitFor(() => expect(notice).toHaveTextContent(`Turn ${turnId} accepted. Status: completed.`))
  })

  it('reuses the Idempotency-Key when the user retries the same turn after a failure', async () => {
    const app = await open(`/sessions/${MORE_SESSIONS.fresh}`)
    const keys: (string | null)[] = []
    let failures = 1
    app.server.use(
      http.post('*/api/v1/agent-sessions/:session/turns', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'))
        if (failures > 0) {
          failures -= 1
          return HttpResponse.json({ error: 'upstream timed out' }, { status: 503 })
        }
        return undefined
      }),
    )
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'List the files')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('upstream timed out')
    await userEvent.click(screen.getByRole('button', { name: 'Retry the same submission' }))
    expect(await screen.findByText(/Turn turn_\w+ accepted\. Status: /)).toBeInTheDocument()
    expect(keys).toHaveLength(2)
    expect(keys[0]).toBeTruthy()
    expect(keys[1]).toBe(keys[0])
  })

  it('keeps the unsent message across a reload and a failed send, and forgets it once accepted', async () => {
    const first = await open(`/sessions/${MORE_SESSIONS.fresh}`)
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message' }), 'Summarise the logs')
    // A reload: the page goes away, sessionStorage stays.
    first.unmount()
    first.server.close()
    const app = await open(`/sessions/${MORE_SESSIONS.fresh}`)
    const message = await screen.findByRole('textbox', { name: 'Message' })
    expect(message).toHaveValue('Summarise the logs')
    expect(message).toHaveAccessibleDescription(/Your unsent message was kept from before/)

    app.server.use(
      http.post('*/api/v1/agent-sessions/:session/turns', () =>
        HttpResponse.json({ error: 'upstream timed out' }, { status: 503 }),
      ),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('upstream timed out')
    // What to do next, with the request id to quote; the text is still there.
    expect(alert).toHaveTextContent('Your input is kept. The server failed; try again in a moment.')
    expect(alert).toHaveTextContent(/give request id req_[\w-]+ to your administrator/)
    expect(message).toHaveValue('Summarise the logs')

    app.server.resetHandlers()
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry the same submission' }))
    expect(await screen.findByText(/Turn turn_\w+ accepted\. Status: /)).toBeInTheDocument()
    expect(message).toHaveValue('')
    expect(sessionStorage.getItem(`asc.sessions.composer.${MORE_SESSIONS.fresh}`)).toBeNull()
  })

  it('denies a required action with a reason', async () => {
    const app = await open(`/sessions/${SESSION.needsApproval}`)
    let body: unknown
    app.server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/actions')) {
        void request
          .clone()
          .json()
          .then((value: unknown) => (body = value))
      }
    })
    const section = await screen.findByRole('region', { name: /Waiting for your answer/ }, { timeout: 5000 })
    await userEvent.click(within(section).getByRole('button', { name: 'Deny…' }))
    await userEvent.type(
      within(section).getByRole('textbox', { name: /Reason for denying/ }),
      'Not on Fridays',
    )
    await userEvent.click(within(section).getByRole('button', { name: 'Deny with this reason' }))
    // The answer is accepted at once, so the request leaves the list as its event streams in.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Waiting for your answer/ })).not.toBeInTheDocument(),
    )
    expect(body).toEqual({
      answers: [
        { request_id: expect.stringMatching(/^req_/) as unknown, allow: false, reason: 'Not on Fridays' },
      ],
    })
  })

  it('guards the environment change while work runs, and sends the PATCH when it is idle', async () => {
    const busy = await open(`/sessions/${SESSION.buildActive}?tab=environment`)
    expect(await screen.findByText(/Not now:/, {}, { timeout: 5000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Change environment…' })).toBeDisabled()
    busy.unmount()
    activeServer?.close()

    const app = await open(`/sessions/${SESSION.buildDone}?tab=environment`)
    expect(
      await screen.findByText(/it matches the agent’s current default, so it was probably inherited/),
    ).toBeInTheDocument()
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'New environment' }),
      'env_shareddocs001',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Change environment…' }))
    const dialog = await screen.findByRole('dialog', { name: /Change the session’s environment/ })
    expect(within(dialog).getByText(/stay there/)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change environment' }))
    await waitFor(() =>
      expect(app.backend.db.sessions.get(SESSION.buildDone)?.session.environmentId).toBe('env_shareddocs001'),
    )
    expect(await screen.findByText(/Changed after creation from this console/)).toBeInTheDocument()
  })

  it('explains a stalled turn in Simplified Chinese', async () => {
    await setLocale('zh-CN')
    try {
      await open(`/sessions/${SESSION.labQueued}`)
      expect(
        await screen.findByText('此自托管环境没有在线的工作进程 (Worker)', {}, { timeout: 5000 }),
      ).toBeInTheDocument()
      expect(screen.getByRole('link', { name: '打开工作进程指南以启动工作进程' })).toHaveAttribute(
        'href',
        '/environments/env_labgpubox0001?tab=workers#worker-guide',
      )
      expect(screen.getByRole('tab', { name: '工具记录' })).toBeInTheDocument()
      expect(screen.getByRole('heading', { name: '提交轮次' })).toBeInTheDocument()
    } finally {
      await setLocale('en')
    }
  })
})
