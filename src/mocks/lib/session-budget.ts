import type { BudgetCall, BudgetLedger, BudgetLimits, SessionRecord } from '../db/types'
import type { MockBackend } from './backend'
import { appendEvent } from './event-log'
import { isRecord } from './responses'
import type { PricingConfig } from './pricing'

/**
 * The session-tree budget as upstream's SessionBudgetService [b589d28e] keeps it
 * (service-dataplane/…/web/managed/SessionBudgetService.java): one ledger per session tree in the
 * store (`runtime/agent-api/budgets/{session}`, key `ledger`) holding the limits and one entry per
 * model call; `revision` is the store item's version, so every write moves it — a PUT, and also
 * each reservation and settlement. Limits are checked in `reserve`, before each model call.
 */

/** The 400 of SessionBudgetService.configure, word for word. */
export const BUDGET_INVALID_MESSAGE = 'Budget limits must be positive; cost requires a currency'
/** BudgetExceededException's message: the run's failure reason. */
export const budgetExceededMessage = (limit: string) => `Session budget prevented model execution: ${limit}`

export type BudgetLimit =
  'max_model_calls' | 'max_total_tokens' | 'max_cost' | 'usage_unavailable' | 'pricing_unavailable'

type Usage = { inputTokens?: number; outputTokens?: number }

/** SessionUsagePricer.quote: null when the model has no rates (unknown, never zero). */
function quote(
  pricing: PricingConfig,
  model: string,
  usage: Usage,
): { amount: number; currency: string } | null {
  const rate = pricing.models[model]
  if (!rate) return null
  const amount =
    (rate.input_per_million * (usage.inputTokens ?? 0) +
      rate.output_per_million * (usage.outputTokens ?? 0)) /
    1_000_000
  return { amount, currency: pricing.currency }
}

export type BudgetUsage = {
  model_calls: number
  total_tokens: number
  estimated_cost: number
  currency: string | null
  cost_complete: boolean
  unreported_calls: number
  unpriced_calls: number
  in_flight_calls: number
}

/** SessionBudgetService.totals: a reserved call is in flight and counts nothing else yet. */
export function budgetTotals(pricing: PricingConfig, calls: Record<string, BudgetCall>): BudgetUsage {
  let tokens = 0
  let unpriced = 0
  let inFlight = 0
  let unreported = 0
  let cost = 0
  let currency: string | null = null
  let isComplete = true
  for (const call of Object.values(calls)) {
    if (call.status === 'reserved') {
      inFlight += 1
      continue
    }
    if (call.usage_reported === false) unreported += 1
    const usage = call.usage ?? {}
    tokens += (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0)
    const price = quote(pricing, call.model, usage)
    if (
      price === null ||
      call.usage_reported === false ||
      (currency !== null && currency !== price.currency)
    ) {
      isComplete = false
      unpriced += 1
    } else {
      currency = price.currency
      cost += price.amount
    }
  }
  return {
    model_calls: Object.keys(calls).length,
    total_tokens: tokens,
    // BigDecimal arithmetic upstream; rounded here so float noise never shows.
    estimated_cost: Math.round(cost * 1e9) / 1e9,
    currency,
    cost_complete: isComplete,
    unreported_calls: unreported,
    unpriced_calls: unpriced,
    in_flight_calls: inFlight,
  }
}

/**
 * The session whose ledger this session's model calls reserve in: the tree's root. A delegated
 * child names it in `budgetRootId`; every other session is its own root.
 */
export function budgetOwner(backend: MockBackend, record: SessionRecord): SessionRecord {
  const rootId = record.budgetRootId
  return (rootId ? backend.db.sessions.get(rootId) : undefined) ?? record
}

function ledgerOf(record: SessionRecord): BudgetLedger {
  record.budget ??= { version: 0, limits: {}, calls: {} }
  return record.budget
}

/** One write to the store item: the version moves (putIfVersion). */
function written(ledger: BudgetLedger): void {
  ledger.version += 1
}

/** GET {S}/budget's body (SessionBudgetService.get); a session never written has revision 0. */
export function budgetView(backend: MockBackend, record: SessionRecord) {
  const ledger = record.budget
  return {
    limits: { ...(ledger?.limits ?? {}) },
    usage: budgetTotals(backend.options.pricing, ledger?.calls ?? {}),
    revision: ledger?.version ?? 0,
    scope: 'session_tree' as const,
    enforcement: 'before_model_call' as const,
  }
}

/**
 * SessionBudgetService.reconcile, as far as the mock's runs go: a reservation whose run is over
 * (its turn no longer runs it) never reported back, so it becomes `unknown` — dispatched, usage
 * not reported — which is what upstream records when the journal has no `model/end` for it.
 */
export function reconcileBudget(backend: MockBackend, record: SessionRecord): void {
  const ledger = record.budget
  if (!ledger) return
  let isRepaired = false
  for (const call of Object.values(ledger.calls)) {
    if (call.status !== 'reserved') continue
    const session = backend.db.sessions.get(call.session_id)
    const live = session?.turns.some(
      (turn) => turn.status === 'running' && backend.db.turnRuns.get(turn.id)?.runId === call.run_id,
    )
    if (live) continue
    call.status = 'unknown'
    call.usage = {}
    call.usage_reported = false
    isRepaired = true
  }
  if (isRepaired) written(ledger)
}

/**
 * The Budget record Jackson binds from the PUT body: unknown properties are ignored (Spring Boot's
 * default), a value of the wrong JSON type fails the binding (400 before configure runs).
 */
type Parsed = { ok: true; limits: BudgetLimits } | { ok: false; message: string }

function readBudget(body: unknown): Parsed {
  if (body === undefined || body === null) return { ok: true, limits: {} }
  if (!isRecord(body)) return { ok: false, message: 'Failed to read HTTP message' }
  const input: { max_model_calls?: number; max_total_tokens?: number; max_cost?: number; currency?: string } =
    {}
  for (const key of ['max_model_calls', 'max_total_tokens', 'max_cost'] as const) {
    const value = body[key]
    if (value === undefined || value === null) continue
    if (typeof value !== 'number' || !Number.isFinite(value))
      return { ok: false, message: 'Failed to read HTTP message' }
    // Long fields: Jackson truncates a JSON fraction to its integer part.
    input[key] = key === 'max_cost' ? value : Math.trunc(value)
  }
  const currency = body.currency
  if (currency !== undefined && currency !== null) {
    if (typeof currency !== 'string') return { ok: false, message: 'Failed to read HTTP message' }
    input.currency = currency
  }
  // SessionBudgetService.configure's one check, in its order.
  if (
    (input.max_model_calls !== undefined && input.max_model_calls < 1) ||
    (input.max_total_tokens !== undefined && input.max_total_tokens < 1) ||
    (input.max_cost !== undefined &&
      (input.max_cost <= 0 || input.currency === undefined || !/^[A-Z]{3}$/.test(input.currency)))
  )
    return { ok: false, message: BUDGET_INVALID_MESSAGE }
  const limits: BudgetLimits = {}
  if (input.max_model_calls !== undefined) limits.max_model_calls = input.max_model_calls
  if (input.max_total_tokens !== undefined) limits.max_total_tokens = input.max_total_tokens
  // A currency alone is dropped: it is kept only beside a cost limit.
  if (input.max_cost !== undefined && input.currency !== undefined) {
    limits.max_cost = input.max_cost
    limits.currency = input.currency
  }
  return { ok: true, limits }
}

/** PUT {S}/budget: replaces every limit (`{}` clears them); no revision check, the last writer wins. */
export function configureBudget(record: SessionRecord, body: unknown): Parsed {
  const parsed = readBudget(body)
  if (!parsed.ok) return parsed
  const ledger = ledgerOf(record)
  ledger.limits = parsed.limits
  written(ledger)
  return parsed
}

export type ModelCall = {
  callId: string
  model: string
  sessionId: string
  turnId: string
  runId: string | null
}

/**
 * SessionBudgetService.reserve, before a model call: the limit the call would break (the later
 * check wins, as upstream's assignments do), after writing `budget.exceeded` to the tree's log;
 * else null, with the call reserved (in flight). A call already reserved passes.
 */
export function reserveModelCall(
  backend: MockBackend,
  owner: SessionRecord,
  call: ModelCall,
): BudgetLimit | null {
  reconcileBudget(backend, owner)
  const ledger = ledgerOf(owner)
  if (ledger.calls[call.callId]) return null
  const { limits } = ledger
  const totals = budgetTotals(backend.options.pricing, ledger.calls)
  let exceeded: BudgetLimit | null = null
  if (limits.max_model_calls !== undefined && totals.model_calls >= limits.max_model_calls)
    exceeded = 'max_model_calls'
  if (limits.max_total_tokens !== undefined) {
    if (totals.unreported_calls > 0) exceeded = 'usage_unavailable'
    else if (totals.total_tokens >= limits.max_total_tokens) exceeded = 'max_total_tokens'
  }
  if (limits.max_cost !== undefined) {
    const price = quote(backend.options.pricing, call.model, {})
    if (price === null || price.currency !== limits.currency || !totals.cost_complete)
      exceeded = 'pricing_unavailable'
    else if (totals.estimated_cost >= limits.max_cost) exceeded = 'max_cost'
  }
  if (exceeded !== null) {
    // appendIdempotent keyed by the call: a retried admission writes the event once.
    const isWritten = owner.events.some(
      (event) => event.type === 'budget.exceeded' && event.data.model_call_id === call.callId,
    )
    if (!isWritten) {
      appendEvent(
        owner,
        'budget.exceeded',
        {
          limit: exceeded,
          model_call_id: call.callId,
          turn_id: call.turnId,
          ...(call.runId ? { run_id: call.runId } : {}),
        },
        backend.clock.now(),
      )
    }
    return exceeded
  }
  ledger.calls[call.callId] = {
    model: call.model,
    status: 'reserved',
    created_at: backend.clock.now(),
    session_id: call.sessionId,
    ...(call.runId ? { run_id: call.runId } : {}),
  }
  written(ledger)
  return null
}

/** SessionBudgetService.settle, after the call: its status and usage (null: the provider reported none). */
export function settleModelCall(
  owner: SessionRecord,
  callId: string,
  model: string,
  status: 'completed' | 'failed',
  usage: Usage | null,
): void {
  const ledger = ledgerOf(owner)
  ledger.calls[callId] = {
    model,
    status,
    usage: usage ?? {},
    usage_reported: usage !== null,
    session_id: ledger.calls[callId]?.session_id ?? owner.session.id,
  }
  written(ledger)
}

/**
 * A seeded session's ledger: its limits written once, then each model call of its log reserved
 * and settled with the usage it recorded (so the revision counts those writes too).
 */
export function seedLedger(record: SessionRecord, limits: BudgetLimits): void {
  const calls: Record<string, BudgetCall> = {}
  for (const event of record.events) {
    if (event.type !== 'usage.recorded') continue
    const usage = isRecord(event.data.usage) ? event.data.usage : {}
    calls[String(event.data.model_call_id)] = {
      model: String(event.data.model),
      status: 'completed',
      session_id: record.session.id,
      usage: {
        inputTokens: typeof usage.input_tokens === 'number' ? usage.input_tokens : 0,
        outputTokens: typeof usage.output_tokens === 'number' ? usage.output_tokens : 0,
      },
      usage_reported: true,
    }
  }
  record.budget = { version: 1 + 2 * Object.keys(calls).length, limits, calls }
}
