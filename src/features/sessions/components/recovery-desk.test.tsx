import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse, type RequestHandler } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { SESSION } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

const SESSION_ID = SESSION.buildDone
const projection = (uncertain: string[]) => ({
  asOfSeq: 4,
  stateJson: null,
  uncertainToolCalls: uncertain,
  activeRuns: [],
})

async function openDesk(handlers: RequestHandler[]) {
  const app = await renderApp(`/sessions/${SESSION_ID}?tab=recovery`, { namespace: 'default', handlers })
  activeServer = app.server
  return app
}

describe('recovery desk', () => {
  it('sends nothing until every uncertain call has an outcome and a reason, previews the repair, then offers the resume', async () => {
    const sent: unknown[] = []
    let uncertain = ['toolu_a', 'toolu_b']
    await openDesk([
      http.get(`*/api/v1/agent-sessions/${SESSION_ID}/trace/recovery`, () =>
        HttpResponse.json(projection(uncertain)),
      ),
      http.post(`*/api/v1/agent-sessions/${SESSION_ID}/trace/reconcile`, async ({ request }) => {
        sent.push(await request.json())
        uncertain = []
        return HttpResponse.json(projection([]))
      }),
    ])
    const user = userEvent.setup()
    const submit = await screen.findByRole('button', { name: 'Record the outcomes' }, { timeout: 15_000 })
    expect(screen.getByText(/^0 of 2 uncertain calls covered/)).toBeInTheDocument()
    expect(submit).toBeDisabled()

    const [firstSuccess] = screen.getAllByRole('radio', { name: 'It succeeded' })
    const [, secondError] = screen.getAllByRole('radio', { name: 'It failed' })
    await user.click(firstSuccess!)
    expect(screen.getByText(/^1 of 2 uncertain calls covered/)).toBeInTheDocument()
    await user.click(secondError!)
    // A failed call needs its message.
    expect(screen.getByText(/^1 of 2 uncertain calls covered/)).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: 'Error message' }), 'disk full')
    expect(screen.getByText(/^2 of 2 uncertain calls covered/)).toBeInTheDocument()
    expect(submit).toBeDisabled()
    expect(screen.queryByText('What will be appended to the session’s journal')).toBeNull()

    await user.type(screen.getByRole('textbox', { name: /^Reason \(required\)/ }), 'Checked the sandbox')
    expect(submit).toBeEnabled()
    expect(
      screen.getByText(/recovery\/applied: 2 call\(s\) resolved, reason “Checked the sandbox”/),
    ).toBeInTheDocument()
    expect(screen.getByText(/tool\/result \(reconciled\) for toolu_b: error — disk full/)).toBeInTheDocument()

    await user.click(submit)
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toMatchObject({
      reason: 'Checked the sandbox',
      outcomes: {
        toolu_a: { id: 'toolu_a', state: 'success' },
        toolu_b: { id: 'toolu_b', state: 'error', output: [{ type: 'text', text: 'disk full' }] },
      },
    })
    expect(Object.keys((sent[0] as { outcomes: object }).outcomes)).toEqual(['toolu_a', 'toolu_b'])
    expect(await screen.findByRole('button', { name: 'Resume the turn' }, { timeout: 5_000 })).toBeEnabled()
  }, 40_000)

  it('says tracing is off and what an administrator changes when the trace routes answer 404', async () => {
    await openDesk([
      http.get(`*/api/v1/agent-sessions/${SESSION_ID}/trace/recovery`, () =>
        HttpResponse.json({ status: 404, error: 'Not Found', message: 'Not Found' }, { status: 404 }),
      ),
    ])
    expect(
      await screen.findByText('Tracing is turned off on this server', {}, { timeout: 5_000 }),
    ).toBeInTheDocument()
    expect(screen.getByText(/builder\.agent-api\.trace-enabled=true/)).toBeInTheDocument()
    expect(screen.queryByText(/404/)).toBeNull()
  })

  it('names the role it needs when the trace routes answer 403', async () => {
    await openDesk([
      http.get(`*/api/v1/agent-sessions/${SESSION_ID}/trace/recovery`, () =>
        HttpResponse.json({ status: 403, message: 'Session trace permission required' }, { status: 403 }),
      ),
    ])
    expect(
      await screen.findByText('Your account may not use the recovery desk', {}, { timeout: 5_000 }),
    ).toBeInTheDocument()
    expect(screen.getByText(/ROLE_ADMIN or ROLE_SESSION_TRACE/)).toBeInTheDocument()
  })
})
