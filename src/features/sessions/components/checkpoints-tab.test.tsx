import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse, type RequestHandler } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SESSION } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'
import { useLineageStore } from '../stores/lineage-store'

/** The innermost element whose whole text (ids in their own spans included) matches. */
const paragraph = (pattern: RegExp) => (_: string, element: Element | null) =>
  element !== null &&
  pattern.test(element.textContent ?? '') &&
  ![...element.children].some((child) => pattern.test(child.textContent ?? ''))

let activeServer: ReturnType<typeof setupServer> | null = null
beforeEach(() => useLineageStore.setState({ links: {}, pending: {} }))
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

const SESSION_ID = SESSION.buildDone
const base = `*/api/v1/agent-sessions/${SESSION_ID}`
const CHECKPOINT = {
  checkpoint_id: 'cp_nevt_a',
  created_at: 1_000,
  turn_id: 'turn_one',
  run_id: 'run_one',
  reason: null,
}
const turn = (id: string, status: string, createdAt: number) => ({
  id,
  sessionId: SESSION_ID,
  status,
  createdAt,
  errorCode: null,
})

function scenario(options: { turns: ReturnType<typeof turn>[]; uncertain: string[] }): RequestHandler[] {
  return [
    http.get(`${base}/checkpoints`, () =>
      HttpResponse.json({ data: [CHECKPOINT], has_more: false, next_cursor: 'cp_nevt_a' }),
    ),
    http.get(`${base}/turns`, () => HttpResponse.json(options.turns)),
    http.get(`${base}/trace/recovery`, () =>
      HttpResponse.json({
        asOfSeq: 9,
        stateJson: null,
        uncertainToolCalls: options.uncertain,
        activeRuns: [],
      }),
    ),
  ]
}

async function openTab(handlers: RequestHandler[]) {
  const app = await renderApp(`/sessions/${SESSION_ID}?tab=checkpoints&checkpoint=cp_nevt_a`, {
    namespace: 'default',
    handlers,
  })
  activeServer = app.server
  return app
}

describe('restore pre-flight', () => {
  it('names the interrupted turn and the uncertain call, links to the desk, says a cancel is refused, and sends nothing', async () => {
    const sent: unknown[] = []
    await openTab([
      ...scenario({
        turns: [turn('turn_one', 'completed', 1), turn('turn_two', 'interrupted', 2)],
        uncertain: ['toolu_lost'],
      }),
      http.post(`${base}/checkpoints/restore`, async ({ request }) => {
        sent.push(await request.json())
        return HttpResponse.json({})
      }),
    ])
    const user = userEvent.setup()
    const restore = await screen.findByRole(
      'region',
      { name: 'Restore this checkpoint' },
      { timeout: 15_000 },
    )
    const panel = within(restore)
    expect(await panel.findByText(paragraph(/Turn turn_two is interrupted/i))).toBeInTheDocument()
    expect(await panel.findByText(/1 tool call has an unknown outcome: toolu_lost/)).toBeInTheDocument()
    expect(panel.getAllByRole('link', { name: 'Open the recovery desk' })[0]).toHaveAttribute(
      'href',
      expect.stringContaining('tab=recovery'),
    )
    expect(
      panel.getByText(/Cancelling is refused while a tool call’s outcome is unknown/),
    ).toBeInTheDocument()
    expect(panel.queryByRole('button', { name: /^Cancel turn/ })).toBeNull()
    expect(
      panel.getByText(
        'The server would answer: “Finish or cancel pending turns before changing session state”',
      ),
    ).toBeInTheDocument()
    expect(
      panel.getByText(/Files, the environment’s state, child sessions and the budget stay as they are/),
    ).toBeInTheDocument()

    await user.type(panel.getByRole('textbox', { name: 'Reason (required)' }), 'roll back')
    const submit = panel.getByRole('button', { name: 'Restore' })
    expect(submit).toBeDisabled()
    await user.click(submit)
    expect(sent).toEqual([])
    // The fork checks the same rules.
    expect(
      within(screen.getByRole('region', { name: 'Fork from this checkpoint' })).getByRole('button', {
        name: 'Create the session and fork',
      }),
    ).toBeDisabled()
  }, 40_000)

  it('offers the cancel of a failed turn when nothing is uncertain', async () => {
    const cancelled: string[] = []
    await openTab([
      ...scenario({
        turns: [turn('turn_one', 'completed', 1), turn('turn_two', 'failed', 2)],
        uncertain: [],
      }),
      http.post(`${base}/turns/:turn/cancel`, ({ params }) => {
        cancelled.push(String(params.turn))
        return HttpResponse.json(turn('turn_two', 'cancelled', 2), { status: 202 })
      }),
    ])
    const user = userEvent.setup()
    const restore = await screen.findByRole(
      'region',
      { name: 'Restore this checkpoint' },
      { timeout: 15_000 },
    )
    await user.click(await within(restore).findByRole('button', { name: 'Cancel turn turn_two' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this turn?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel turn turn_two' }))
    await waitFor(() => expect(cancelled).toEqual(['turn_two']))
  }, 40_000)

  it('restores with the reason once clear, and a retry after a lost answer sends the same key', async () => {
    const keys: (string | null)[] = []
    const bodies: unknown[] = []
    await openTab([
      ...scenario({ turns: [turn('turn_one', 'completed', 1)], uncertain: [] }),
      http.post(`${base}/checkpoints/restore`, async ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'))
        bodies.push(await request.json())
        if (keys.length === 1) return HttpResponse.json({ message: 'upstream unavailable' }, { status: 503 })
        return HttpResponse.json({
          source_session_id: SESSION_ID,
          session_id: SESSION_ID,
          checkpoint_id: 'cp_nevt_a',
          operation_id: 'op_1',
          status: 'completed',
        })
      }),
    ])
    const user = userEvent.setup()
    const restore = within(
      await screen.findByRole('region', { name: 'Restore this checkpoint' }, { timeout: 15_000 }),
    )
    expect(await restore.findByText('Every turn is completed or cancelled.')).toBeInTheDocument()
    await user.type(restore.getByRole('textbox', { name: 'Reason (required)' }), 'Back to the plan')
    await user.click(restore.getByRole('button', { name: 'Restore' }))
    await user.click(
      await restore.findByRole('button', { name: 'Retry the same restore' }, { timeout: 10_000 }),
    )
    expect(await restore.findByRole('status')).toHaveTextContent('Restored to cp_nevt_a')
    expect(keys).toHaveLength(2)
    expect(keys[1]).toBe(keys[0])
    expect(bodies[0]).toEqual({ checkpoint_id: 'cp_nevt_a', reason: 'Back to the plan' })
  }, 40_000)
})

describe('fork flow', () => {
  it('creates one target (same agent, the chosen environment), keeps both keys for the retry, then links the two sessions', async () => {
    const creates: Record<string, unknown>[] = []
    const forks: { key: string | null; body: Record<string, unknown> }[] = []
    const app = await openTab([
      ...scenario({ turns: [turn('turn_one', 'completed', 1)], uncertain: [] }),
      http.post('*/api/v1/agent-sessions', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>
        creates.push(body)
        return HttpResponse.json({
          id: 'sess_forktarget01',
          agentId: body.agent,
          environmentId: body.environmentId,
          externalKey: body.externalKey,
          status: 'idle',
          createdAt: 5,
          updatedAt: 5,
        })
      }),
      http.post(`${base}/fork`, async ({ request }) => {
        forks.push({
          key: request.headers.get('Idempotency-Key'),
          body: (await request.json()) as Record<string, unknown>,
        })
        if (forks.length === 1) return HttpResponse.json({ message: 'gateway timeout' }, { status: 504 })
        return HttpResponse.json(
          {
            source_session_id: SESSION_ID,
            session_id: 'sess_forktarget01',
            checkpoint_id: 'cp_nevt_a',
            operation_id: 'op_fork',
            status: 'completed',
          },
          { status: 201 },
        )
      }),
    ])
    const source = app.backend.db.sessions.get(SESSION_ID)?.session
    const user = userEvent.setup()
    const fork = within(
      await screen.findByRole('region', { name: 'Fork from this checkpoint' }, { timeout: 15_000 }),
    )
    await user.selectOptions(fork.getByLabelText('Environment of the new session'), 'env_shareddocs001')
    await user.type(fork.getByRole('textbox', { name: 'Reason (required)' }), 'Try the other approach')
    await user.click(fork.getByRole('button', { name: 'Create the session and fork' }))
    expect(
      await fork.findByText(
        paragraph(/Session sess_forktarget01 was created for this fork/),
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument()
    await user.click(fork.getByRole('button', { name: 'Retry the fork' }))
    expect(await fork.findByRole('status')).toHaveTextContent('Forked into sess_forktarget01')

    expect(creates).toHaveLength(1)
    expect(creates[0]).toMatchObject({ agent: source?.agentId, environmentId: 'env_shareddocs001' })
    expect(creates[0]?.externalKey).toEqual(expect.stringMatching(/^forktarget_/))
    expect(forks).toHaveLength(2)
    expect(forks[1]?.key).toBe(forks[0]?.key)
    expect(forks[1]?.body).toEqual({
      checkpoint_id: 'cp_nevt_a',
      reason: 'Try the other approach',
      target_session_id: 'sess_forktarget01',
    })
    // Lineage: the source lists its fork, with the comparison one click away.
    const lineage = within(screen.getByRole('region', { name: 'Lineage' }))
    expect(lineage.getByRole('link', { name: 'sess_forktarget01' })).toHaveAttribute(
      'href',
      '/sessions/sess_forktarget01',
    )
    expect(lineage.getByRole('link', { name: 'Compare' })).toHaveAttribute(
      'href',
      expect.stringContaining('compare=sess_forktarget01'),
    )
    expect(useLineageStore.getState().links.sess_forktarget01).toMatchObject({ sourceId: SESSION_ID })
  }, 40_000)
})
