import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse, type RequestHandler } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AGENT, ENV, SESSION, WORKERS } from '@/mocks/seed/fixture-ids'
import { setLocale } from '@/i18n'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

/** `/api/hands/status` with these poll heartbeats, as ages before the moment it is asked. */
const heartbeatsAged = (ages: Record<string, number>) =>
  http.get('*/api/hands/status', () =>
    HttpResponse.json({
      brainInstanceId: 'brain-1',
      pendingWorkItems: 0,
      localSandboxRegistrySize: 0,
      workerHeartbeats: Object.fromEntries(Object.entries(ages).map(([id, age]) => [id, Date.now() - age])),
      sessionHandsMetrics: {},
    }),
  )

function workItem(item: { id: string; status: string; claimedBy: string | null; age: number }) {
  return {
    id: item.id,
    workId: item.id,
    leaseId: item.id,
    sessionId: SESSION.labQueued,
    environmentId: ENV.labBox,
    ownerId: 'usr_alice',
    status: item.status,
    claimedBy: item.claimedBy,
    workDir: null,
    createdAt: Date.now() - item.age,
    updatedAt: Date.now() - item.age,
    metadata: {},
  }
}

async function open(path: string, handlers: RequestHandler[] = []) {
  const app = await renderApp(path, { namespace: 'default', handlers })
  activeServer = app.server
  return app
}

const diagnosis = () => screen.findByText(/^Why isn’t turn .+ running\?$/, {}, { timeout: 5_000 })

describe('stall diagnosis', () => {
  it('says "blocking: no worker online" within 5 s when the worker neither polled nor moved an item lately', async () => {
    // The lab worker last polled 50 s ago and its one item stopped 20 min ago; the work queued 5 s
    // ago is untaken: a polling worker takes queued work at once, so nobody is polling.
    await open(`/sessions/${SESSION.labQueued}`, [
      heartbeatsAged({ [WORKERS.lab]: 50_000 }),
      http.get(`*/api/environments/${ENV.labBox}/work`, () =>
        HttpResponse.json([
          workItem({ id: 'work_lab_done', status: 'stopped', claimedBy: WORKERS.lab, age: 20 * 60_000 }),
          workItem({ id: 'work_lab_next', status: 'queued', claimedBy: null, age: 5_000 }),
        ]),
      ),
    ])
    const notice = (await diagnosis()).closest('[data-slot="notice"]')
    if (!(notice instanceof HTMLElement)) throw new Error('no notice')
    const cause = within(notice).getByText('No worker is online for this self-hosted environment')
    expect(cause.parentElement).toHaveTextContent(/^blocking/)
    expect(notice).toHaveTextContent(/no worker is polling this environment now/)
    expect(notice).not.toHaveTextContent('No blocker found')
    expect(
      within(notice).getByRole('link', { name: 'Open the worker guide to start a worker' }),
    ).toHaveAttribute('href', `/environments/${ENV.labBox}?tab=workers#worker-guide`)
  })

  it('never says "no worker online" about a worker that polled 20 s ago and is still on its stopped item: it says the worker serves this turn by session', async () => {
    // Issue 23: the upstream worker stays on an item for 120 idle rounds after the server stopped
    // it, heartbeating it (its updatedAt moved 5 s ago) and asking for the session's tool calls;
    // the second turn's new item stays queued meanwhile.
    await open(`/sessions/${SESSION.labQueued}`, [
      heartbeatsAged({ [WORKERS.lab]: 20_000 }),
      http.get(`*/api/environments/${ENV.labBox}/work`, () =>
        HttpResponse.json([
          workItem({ id: 'work_lab_first', status: 'stopped', claimedBy: WORKERS.lab, age: 5_000 }),
          workItem({ id: 'work_lab_next', status: 'queued', claimedBy: null, age: 12_000 }),
        ]),
      ),
    ])
    const notice = (await diagnosis()).closest('[data-slot="notice"]')
    if (!(notice instanceof HTMLElement)) throw new Error('no notice')
    expect(notice).not.toHaveTextContent(/No worker is online/)
    const cause = within(notice).getByText(
      `Worker ${WORKERS.lab} is still on work work_lab_first, which the server stopped`,
    )
    expect(cause.parentElement).toHaveTextContent(/^likely/)
    expect(notice).toHaveTextContent(
      /no tool call for 2 min, stopped or not.*runs this turn’s calls itself, so the turn goes on\. work_lab_next stays queued until the turn ends/,
    )
  })

  it('does not blame a worker busy on a long tool call (no poll for 5 min, a claim that moves)', async () => {
    await open(`/sessions/${SESSION.buildActive}`, [
      heartbeatsAged({ [WORKERS.a]: 5 * 60_000, [WORKERS.b]: 5 * 60_000 }),
      // worker-b's per-item heartbeat moved the claim 10 s ago (C12: only polls move workerHeartbeats).
      http.get(`*/api/environments/${ENV.buildWorkers}/work`, () =>
        HttpResponse.json([
          {
            id: 'work_buildactive01',
            workId: 'work_buildactive01',
            leaseId: 'work_buildactive01',
            sessionId: SESSION.buildActive,
            environmentId: ENV.buildWorkers,
            ownerId: 'usr_alice',
            status: 'active',
            claimedBy: WORKERS.b,
            workDir: `/work/hands/${SESSION.buildActive}`,
            createdAt: Date.now() - 6 * 60_000,
            updatedAt: Date.now() - 10_000,
            metadata: {},
          },
        ]),
      ),
    ])
    const notice = (await diagnosis()).closest('[data-slot="notice"]')
    if (!(notice instanceof HTMLElement)) throw new Error('no notice')
    expect(
      within(notice).getByText(`Worker ${WORKERS.b} holds the work and is running the tool call`),
    ).toBeInTheDocument()
    expect(notice).toHaveTextContent(`${WORKERS.b} (busy)`)
    expect(notice).not.toHaveTextContent('No worker is online')
  })

  it('opens the environment’s worker guide from the fix link', async () => {
    const scrolled: Element[] = []
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this)
    })
    const app = await open(`/sessions/${SESSION.labQueued}`)
    await diagnosis()
    await userEvent.click(screen.getByRole('link', { name: 'Open the worker guide to start a worker' }))
    expect(
      await screen.findByRole('heading', { name: 'Run your worker' }, { timeout: 5_000 }),
    ).toBeInTheDocument()
    expect(app.location.pathname).toBe(`/environments/${ENV.labBox}`)
    expect(screen.getByRole('tab', { name: /Workers/ })).toHaveAttribute('aria-selected', 'true')
    await waitFor(() => expect(scrolled.map((element) => element.id)).toContain('worker-guide'))
  })
})

describe('new session dialog', () => {
  async function openDialog(agentId: string, handlers: RequestHandler[] = []) {
    await open('/sessions', handlers)
    await userEvent.click(await screen.findByRole('button', { name: 'New session' }))
    const dialog = await screen.findByRole('dialog', { name: 'New session' })
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Agent' }), agentId)
    await within(dialog).findByTestId('inherited-environment')
    return dialog
  }

  it('warns when the chosen environment has no worker online, and says nothing when one is', async () => {
    const dialog = await openDialog(AGENT.releaseHelper, [
      heartbeatsAged({ [WORKERS.a]: 2_000, [WORKERS.b]: 4_000, [WORKERS.lab]: 2 * 3_600_000 }),
    ])
    // The inherited build-workers has worker-a and worker-b polling.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(within(dialog).queryByText(/No worker is online for/)).not.toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('radio', { name: /for this session only/ }))
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Environment' }), ENV.labBox)
    const warning = await within(dialog).findByRole('status')
    expect(warning).toHaveTextContent('No worker is online for lab-gpu-box')
    expect(warning).toHaveTextContent(/Tool calls wait until a worker of this environment polls/)
    expect(within(warning).getByRole('link', { name: 'How to start a worker' })).toHaveAttribute(
      'href',
      `/environments/${ENV.labBox}?tab=workers#worker-guide`,
    )
  })

  it('calls a worker named by this environment’s recipe, polling before any work, probably this environment’s own', async () => {
    const onlyPoller = (workerId: string) => [
      heartbeatsAged({ [workerId]: 2_000, [WORKERS.a]: 20 * 60_000, [WORKERS.b]: 20 * 60_000 }),
      http.get(`*/api/environments/${ENV.buildWorkers}/work`, () => HttpResponse.json([])),
    ]
    const dialog = await openDialog(AGENT.releaseHelper, onlyPoller('build-workers-1'))
    const notice = await within(dialog).findByRole('status')
    expect(notice).toHaveTextContent('build-workers-1 is polling, probably for build-workers')
    expect(notice).toHaveTextContent(/follows this environment’s worker recipe \(build-workers-N\)/)
    expect(notice).not.toHaveTextContent(/perhaps for another environment|No worker is online/)
  })

  it('says the same in Simplified Chinese', async () => {
    await setLocale('zh-CN')
    try {
      await open('/sessions', [
        heartbeatsAged({ 'build-workers-1': 2_000, [WORKERS.a]: 20 * 60_000, [WORKERS.b]: 20 * 60_000 }),
        http.get(`*/api/environments/${ENV.buildWorkers}/work`, () => HttpResponse.json([])),
      ])
      await userEvent.click(await screen.findByRole('button', { name: '新建会话' }))
      const dialog = await screen.findByRole('dialog', { name: '新建会话' })
      await userEvent.selectOptions(within(dialog).getAllByRole('combobox')[0]!, AGENT.releaseHelper)
      const notice = await within(dialog).findByRole('status', {}, { timeout: 5_000 })
      expect(notice).toHaveTextContent('build-workers-1 正在轮询，很可能是 build-workers 的工作进程')
    } finally {
      await setLocale('en')
    }
  })

  it('warns about the inherited environment when its workers went away', async () => {
    const dialog = await openDialog(AGENT.releaseHelper, [
      heartbeatsAged({ [WORKERS.a]: 20 * 60_000, [WORKERS.b]: 20 * 60_000 }),
      http.get(`*/api/environments/${ENV.buildWorkers}/work`, () => HttpResponse.json([])),
    ])
    expect(await within(dialog).findByText('No worker is online for build-workers')).toBeInTheDocument()
  })
})
