import { screen, waitFor, within } from '@testing-library/react'
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
const BUDGET = `*/api/v1/agent-sessions/${SESSION_ID}/budget`

type Ledger = { revision: number; limits: Record<string, unknown>; usage?: Record<string, unknown> }

const answer = (ledger: Ledger) => ({
  limits: ledger.limits,
  usage: {
    model_calls: 3,
    total_tokens: 12_345,
    estimated_cost: 0.0123,
    currency: 'USD',
    cost_complete: true,
    unreported_calls: 0,
    unpriced_calls: 0,
    in_flight_calls: 0,
    ...ledger.usage,
  },
  revision: ledger.revision,
  scope: 'session_tree',
  enforcement: 'before_model_call',
})

/** A server whose ledger the test moves by hand; records every PUT body. */
function budgetServer(initial: Ledger) {
  const state = { ledger: initial, puts: [] as unknown[] }
  const handlers: RequestHandler[] = [
    http.get(BUDGET, () => HttpResponse.json(answer(state.ledger))),
    http.put(BUDGET, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      state.puts.push(body)
      state.ledger = { ...state.ledger, revision: state.ledger.revision + 1, limits: body }
      return HttpResponse.json(answer(state.ledger))
    }),
  ]
  return { state, handlers }
}

async function openBudget(handlers: RequestHandler[]) {
  const app = await renderApp(`/sessions/${SESSION_ID}?tab=budget`, { namespace: 'default', handlers })
  activeServer = app.server
  const form = await screen.findByRole('form', { name: 'Limits' }, { timeout: 15_000 })
  return { form, user: userEvent.setup() }
}

const field = (form: HTMLElement, name: RegExp) => within(form).getByRole('textbox', { name })
const save = (form: HTMLElement) => within(form).getByRole('button', { name: 'Save the limits' })

describe('budget editor', () => {
  it('says that a save replaces every limit and that the server checks no version', async () => {
    const { handlers } = budgetServer({ revision: 2, limits: { max_model_calls: 5 } })
    await openBudget(handlers)
    expect(
      screen.getByText(/Saving replaces every limit: .* sends \{\} and removes all limits\./),
    ).toBeInTheDocument()
    expect(screen.getByText(/no version check here — the last writer wins/)).toBeInTheDocument()
    expect(screen.getByText('3 of 5')).toBeInTheDocument()
  }, 30_000)

  it.each([
    ['model calls of 0', /^Model calls at most/, '0', 'Must be more than 0'],
    ['negative tokens', /^Tokens at most/, '-5', 'Must be more than 0'],
    ['a fraction of a call', /^Model calls at most/, '2.5', 'Enter a whole number.'],
  ])(
    'refuses %s in the form and sends nothing',
    async (_, name, value, message) => {
      const { state, handlers } = budgetServer({ revision: 1, limits: {} })
      const { form, user } = await openBudget(handlers)
      await user.type(field(form, name), value)
      await user.click(save(form))
      expect(within(form).getByText(new RegExp(message))).toBeInTheDocument()
      expect(field(form, name)).toHaveAttribute('aria-invalid', 'true')
      expect(state.puts).toEqual([])
    },
    30_000,
  )

  it('refuses a cost without a currency, a currency that is not three capitals, and a currency alone', async () => {
    const { state, handlers } = budgetServer({ revision: 1, limits: {} })
    const { form, user } = await openBudget(handlers)
    await user.type(field(form, /^Estimated cost at most/), '2')
    await user.click(save(form))
    expect(within(form).getByText('A cost limit needs its currency.')).toBeInTheDocument()
    await user.type(field(form, /^Currency/), 'usd')
    await user.click(save(form))
    expect(within(form).getByText('Three capital letters, such as USD.')).toBeInTheDocument()
    await user.clear(field(form, /^Estimated cost at most/))
    await user.clear(field(form, /^Currency/))
    await user.type(field(form, /^Currency/), 'USD')
    await user.click(save(form))
    expect(within(form).getByText(/A currency counts only beside a cost limit/)).toBeInTheDocument()
    expect(state.puts).toEqual([])
  }, 30_000)

  it('shows the server’s own words when it refuses the limits', async () => {
    await openBudget([
      http.get(BUDGET, () => HttpResponse.json(answer({ revision: 1, limits: {} }))),
      http.put(BUDGET, () =>
        HttpResponse.json(
          {
            status: 400,
            error: 'Bad Request',
            message: 'Budget limits must be positive; cost requires a currency',
          },
          { status: 400 },
        ),
      ),
    ]).then(async ({ form, user }) => {
      await user.type(field(form, /^Model calls at most/), '4')
      await user.click(save(form))
      expect(
        await within(form).findByText(
          'Budget limits must be positive; cost requires a currency',
          {},
          { timeout: 5_000 },
        ),
      ).toBeInTheDocument()
    })
  }, 30_000)

  it('sends every limit it keeps, so an emptied field is cleared, and {} when all are empty', async () => {
    const { state, handlers } = budgetServer({
      revision: 1,
      limits: { max_model_calls: 5, max_total_tokens: 9000 },
    })
    const { form, user } = await openBudget(handlers)
    await user.clear(field(form, /^Tokens at most/))
    await user.click(save(form))
    await waitFor(() => expect(state.puts).toEqual([{ max_model_calls: 5 }]))
    expect(await screen.findByText('Saved: revision 2.')).toBeInTheDocument()
    await user.clear(field(form, /^Model calls at most/))
    await user.click(save(form))
    await waitFor(() => expect(state.puts).toEqual([{ max_model_calls: 5 }, {}]))
  }, 30_000)

  it('reads the budget again before writing and shows limits someone else changed as a conflict, writing nothing', async () => {
    const { state, handlers } = budgetServer({ revision: 3, limits: { max_model_calls: 5 } })
    const { form, user } = await openBudget(handlers)
    await user.clear(field(form, /^Model calls at most/))
    await user.type(field(form, /^Model calls at most/), '8')
    // Another writer, meanwhile (upstream's PUT would let either win).
    state.ledger = { ...state.ledger, revision: 4, limits: { max_model_calls: 9, max_total_tokens: 1000 } }
    await user.click(save(form))
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 })
    expect(within(alert).getByText('The budget changed since it was shown')).toBeInTheDocument()
    expect(within(alert).getByText(/revision 3 → 4.*9 model calls, 1,000 tokens/)).toBeInTheDocument()
    expect(state.puts).toEqual([])
    await user.click(within(alert).getByRole('button', { name: 'Show the current limits' }))
    expect(field(form, /^Model calls at most/)).toHaveValue('9')
    expect(field(form, /^Tokens at most/)).toHaveValue('1000')
  }, 30_000)

  it('writes when the tree’s own accounting moved the revision and the limits are as shown', async () => {
    const { state, handlers } = budgetServer({ revision: 3, limits: { max_model_calls: 5 } })
    const { form, user } = await openBudget(handlers)
    await user.clear(field(form, /^Model calls at most/))
    await user.type(field(form, /^Model calls at most/), '8')
    // One more model call reserved and settled meanwhile: two writes of the ledger.
    state.ledger = { ...state.ledger, revision: 5, usage: { model_calls: 4, total_tokens: 15_000 } }
    await user.click(save(form))
    await waitFor(() => expect(state.puts).toEqual([{ max_model_calls: 8 }]))
  }, 30_000)

  it('shows a revision moved by another save as a conflict even when it kept the same limits', async () => {
    const { state, handlers } = budgetServer({ revision: 3, limits: { max_model_calls: 5 } })
    const { form, user } = await openBudget(handlers)
    await user.clear(field(form, /^Model calls at most/))
    await user.type(field(form, /^Model calls at most/), '8')
    state.ledger = { ...state.ledger, revision: 4 }
    await user.click(save(form))
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 })
    expect(within(alert).getByText(/revision 3 → 4.*5 model calls/)).toBeInTheDocument()
    expect(state.puts).toEqual([])
  }, 30_000)

  it('explains the fail-closed states the usage puts the tree in', async () => {
    const { handlers } = budgetServer({
      revision: 1,
      limits: { max_total_tokens: 50_000, max_cost: 1, currency: 'USD' },
      usage: { unreported_calls: 1, unpriced_calls: 2, cost_complete: false },
    })
    await openBudget(handlers)
    expect(screen.getByText('Why the server may refuse every further call')).toBeInTheDocument()
    expect(screen.getByText(/^usage_unavailable: 1 call reported no token usage/)).toBeInTheDocument()
    expect(screen.getByText(/^pricing_unavailable: the cost cannot be checked/)).toBeInTheDocument()
  }, 30_000)
})
