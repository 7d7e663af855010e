import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse, type RequestHandler } from 'msw'
import type { setupServer } from 'msw/node'
import { afterEach, describe, expect, it } from 'vitest'
import { MORE_SESSIONS } from '@/mocks/seed/seed-sessions'
import { USERS } from '@/mocks/seed/fixture-ids'
import { renderApp } from '@/testing/render-app'

let activeServer: ReturnType<typeof setupServer> | null = null
afterEach(() => {
  activeServer?.close()
  activeServer = null
})

const SESSION_ID = MORE_SESSIONS.fresh
const RUNNING = {
  id: 'turn_running1',
  sessionId: SESSION_ID,
  status: 'running',
  createdAt: Date.now() - 5_000,
}

/** The session with a running turn; `steer` answers POST steer, every key it got is recorded. */
async function openWithRunningTurn(steer: (request: Request, attempt: number) => Response | undefined) {
  const keys: { path: string; key: string | null; body: unknown }[] = []
  let attempt = 0
  const handlers: RequestHandler[] = [
    http.get('*/api/v1/agent-sessions/:session/turns', () => HttpResponse.json([RUNNING])),
    http.post('*/api/v1/agent-sessions/:session/turns/:turn/steer', async ({ request }) => {
      keys.push({
        path: 'steer',
        key: request.headers.get('Idempotency-Key'),
        body: await request.clone().json(),
      })
      attempt += 1
      return steer(request, attempt)
    }),
    http.post('*/api/v1/agent-sessions/:session/inputs/inject', ({ request }) => {
      keys.push({ path: 'inject', key: request.headers.get('Idempotency-Key'), body: null })
      return undefined
    }),
  ]
  const app = await renderApp(`/sessions/${SESSION_ID}`, { namespace: 'default', handlers })
  activeServer = app.server
  await userEvent.click(await screen.findByRole('radio', { name: 'Steer running turn' }, { timeout: 5000 }))
  await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Skip the optional steps')
  return { app, keys }
}

const refused = () =>
  HttpResponse.json(
    { status: 409, error: 'Conflict', message: 'The requested turn no longer accepts steering' },
    { status: 409 },
  )

describe('the composer’s three intents', () => {
  it('says what each intent does before anything is sent', async () => {
    const app = await renderApp(`/sessions/${SESSION_ID}`, { namespace: 'default' })
    activeServer = app.server
    const explanation = await screen.findByTestId('intent-explanation', {}, { timeout: 5000 })
    expect(explanation).toHaveTextContent('Queues a new turn')
    await userEvent.click(screen.getByRole('radio', { name: 'Steer running turn' }))
    expect(explanation).toHaveTextContent('a model request already sent is not changed')
    // Nothing runs in this session: steering says why it cannot be sent.
    expect(explanation).toHaveTextContent('No turn is running')
    expect(screen.getByRole('button', { name: 'Steer turn' })).toBeDisabled()
    await userEvent.click(screen.getByRole('radio', { name: 'Inject context' }))
    expect(explanation).toHaveTextContent('is kept while the session is idle')
  })

  it('steer refused (409): keeps the text and injects it instead under a new key', async () => {
    const { keys } = await openWithRunningTurn(() => refused())
    await userEvent.click(screen.getByRole('button', { name: 'Steer turn' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The turn no longer accepts steering')
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Skip the optional steps')
    await userEvent.click(screen.getByRole('button', { name: 'Inject instead' }))
    expect(await screen.findByText(/Context accepted as in_\w+/)).toBeInTheDocument()
    expect(keys.map((entry) => entry.path)).toEqual(['steer', 'inject'])
    expect(keys[1]?.key).toBeTruthy()
    expect(keys[1]?.key).not.toBe(keys[0]?.key)
    // The ledger shows the injected input, waiting for the next step.
    expect(await screen.findByText('Accepted, waiting for the next step')).toBeInTheDocument()
  })

  it('steer refused (409): "send as a new turn" queues it under a new key', async () => {
    const { app } = await openWithRunningTurn(() => refused())
    const turnKeys: (string | null)[] = []
    app.server.use(
      http.post('*/api/v1/agent-sessions/:session/turns', ({ request }) => {
        turnKeys.push(request.headers.get('Idempotency-Key'))
        return undefined
      }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Steer turn' }))
    await userEvent.click(await screen.findByRole('button', { name: 'Send as a new turn' }))
    expect(await screen.findByText(/Turn turn_\w+ accepted\./)).toBeInTheDocument()
    expect(turnKeys).toHaveLength(1)
  })

  it('a lost answer is re-sent under the same key, and the receipt is shown', async () => {
    const { keys } = await openWithRunningTurn((_request, attempt) =>
      attempt === 1
        ? HttpResponse.json({ error: 'gateway timeout' }, { status: 504 })
        : HttpResponse.json(
            { input_id: 'in_same', turn_id: RUNNING.id, kind: 'steer', status: 'accepted' },
            { status: 202 },
          ),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Steer turn' }))
    await userEvent.click(
      await screen.findByRole('button', { name: 'Retry the same submission' }, { timeout: 5000 }),
    )
    expect(await screen.findByText(/Steering accepted as in_same/)).toBeInTheDocument()
    const steerKeys = keys.filter((entry) => entry.path === 'steer').map((entry) => entry.key)
    expect(new Set(steerKeys).size).toBe(1)
    expect(keys[0]?.body).toEqual({ message: 'Skip the optional steps' })
  })

  it('the same key with another body is shown as a conflict, and can go as a new input', async () => {
    const { keys } = await openWithRunningTurn((_request, attempt) =>
      attempt === 1
        ? HttpResponse.json(
            { status: 409, error: 'Conflict', message: 'Idempotency key already used for different input' },
            { status: 409 },
          )
        : HttpResponse.json(
            { input_id: 'in_new', turn_id: RUNNING.id, kind: 'steer', status: 'accepted' },
            { status: 202 },
          ),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Steer turn' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This key was already used for a different input',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Send as a new input' }))
    expect(await screen.findByText(/Steering accepted as in_new/)).toBeInTheDocument()
    expect(keys[1]?.key).not.toBe(keys[0]?.key)
  })
})

describe('the input ledger', () => {
  it('a server without the inputs routes (404) gets one sentence, and the composer says it cannot steer', async () => {
    const app = await renderApp(`/sessions/${SESSION_ID}`, {
      namespace: 'default',
      handlers: [
        http.get('*/api/v1/agent-sessions/:session/inputs', () =>
          HttpResponse.json(
            { status: 404, error: 'Not Found', message: 'No static resource' },
            { status: 404 },
          ),
        ),
      ],
    })
    activeServer = app.server
    expect(
      await screen.findByText(
        'This server does not offer steering or injected context, so there is no input ledger.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
    await userEvent.click(screen.getByRole('radio', { name: 'Inject context' }))
    expect(screen.getByTestId('intent-explanation')).toHaveTextContent('This server does not offer steering')
  })

  it('a viewer sees the ledger read-only, with the reason', async () => {
    const app = await renderApp(`/sessions/${SESSION_ID}`, { user: 'bob', namespace: 'default' })
    activeServer = app.server
    const record = app.backend.db.sessions.get(SESSION_ID)
    if (!record) throw new Error('seeded session missing')
    record.session.ownerId = USERS.bob.userId
    await app.queryClient.resetQueries()
    expect(
      await screen.findByText(
        /Your role is read-only: you can see what was steered or injected/,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument()
    expect(screen.queryByRole('radio', { name: 'Steer running turn' })).toBeNull()
    await waitFor(() =>
      expect(
        screen.getByText('Nothing has been steered or injected in this session yet.'),
      ).toBeInTheDocument(),
    )
  })
})
