import { malformedField } from '@/api/response-guards'
import { isRecord, readNumber, readText } from '@/lib/read-fields'

/**
 * `GET/PUT {S}/budget` in console terms (upstream's AgentSessionBudgetController +
 * SessionBudgetService): the limits of the whole session tree, what it has used, and the ledger's
 * revision. The revision is the store item's version, so it moves with every write of the ledger:
 * a PUT, and also each model call's reservation and settlement.
 */
export type BudgetLimits = {
  maxModelCalls: number | null
  maxTotalTokens: number | null
  /** Only ever set together with `currency` (the server refuses one without the other). */
  maxCost: number | null
  currency: string | null
}

export type BudgetUsage = {
  modelCalls: number
  totalTokens: number
  estimatedCost: number
  /** Null until a priced call settled. */
  currency: string | null
  /** False when some call could not be priced (no rate, or no usage reported). */
  isCostComplete: boolean
  /** Calls whose provider reported no usage: a token limit then refuses every further call. */
  unreportedCalls: number
  /** Calls without a price: a cost limit then refuses every further call. */
  unpricedCalls: number
  /** Reserved and not yet settled: their tokens are not counted yet, and not capped. */
  inFlightCalls: number
}

export type Budget = {
  limits: BudgetLimits
  usage: BudgetUsage
  revision: number
  /** `session_tree` upstream: the limits cover the session and every child it delegates to. */
  scope: string
  /** `before_model_call` upstream: checked before each call, so a call in flight is never cut. */
  enforcement: string
}

/** The limit names `budget.exceeded` carries: three limits and the two fail-closed states. */
export const BUDGET_STOPS = [
  'max_model_calls',
  'max_total_tokens',
  'max_cost',
  'usage_unavailable',
  'pricing_unavailable',
] as const
export type BudgetStop = (typeof BUDGET_STOPS)[number]

export function isBudgetStop(value: unknown): value is BudgetStop {
  return typeof value === 'string' && (BUDGET_STOPS as readonly string[]).includes(value)
}

/** A number, or a numeric string (BigDecimal is written either way by Java JSON codecs). */
function readAmount(value: unknown): number | null {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return readNumber(value)
}

export const NO_LIMITS: BudgetLimits = {
  maxModelCalls: null,
  maxTotalTokens: null,
  maxCost: null,
  currency: null,
}

export function decodeBudgetLimits(value: unknown): BudgetLimits {
  const limits = isRecord(value) ? value : {}
  return {
    maxModelCalls: readNumber(limits.max_model_calls),
    maxTotalTokens: readNumber(limits.max_total_tokens),
    maxCost: readAmount(limits.max_cost),
    currency: readText(limits.currency),
  }
}

export function decodeBudget(data: unknown): Budget {
  const what = 'budget'
  if (!isRecord(data)) throw malformedField(what, 'limits')
  if (!isRecord(data.usage)) throw malformedField(what, 'usage')
  const usage = data.usage
  return {
    limits: decodeBudgetLimits(data.limits),
    usage: {
      modelCalls: readNumber(usage.model_calls) ?? 0,
      totalTokens: readNumber(usage.total_tokens) ?? 0,
      estimatedCost: readAmount(usage.estimated_cost) ?? 0,
      currency: readText(usage.currency),
      isCostComplete: usage.cost_complete !== false,
      unreportedCalls: readNumber(usage.unreported_calls) ?? 0,
      unpricedCalls: readNumber(usage.unpriced_calls) ?? 0,
      inFlightCalls: readNumber(usage.in_flight_calls) ?? 0,
    },
    revision: readNumber(data.revision) ?? 0,
    scope: readText(data.scope) ?? 'session_tree',
    enforcement: readText(data.enforcement) ?? 'before_model_call',
  }
}

/** The PUT body: every limit the console means to keep (an absent one is cleared; `{}` clears all). */
export function budgetLimitsBody(limits: BudgetLimits) {
  return {
    ...(limits.maxModelCalls !== null ? { max_model_calls: limits.maxModelCalls } : {}),
    ...(limits.maxTotalTokens !== null ? { max_total_tokens: limits.maxTotalTokens } : {}),
    ...(limits.maxCost !== null ? { max_cost: limits.maxCost, currency: limits.currency } : {}),
  }
}

export function sameLimits(a: BudgetLimits, b: BudgetLimits): boolean {
  return (
    a.maxModelCalls === b.maxModelCalls &&
    a.maxTotalTokens === b.maxTotalTokens &&
    a.maxCost === b.maxCost &&
    (a.maxCost === null || a.currency === b.currency)
  )
}

/** `budget.exceeded`'s data: which limit stopped which model call of which turn. */
// `limit` may name a stop this console does not know yet: kept as sent.
export type BudgetExceeded = { limit: string; modelCallId: string | null; turnId: string | null }

export function budgetExceededData(event: { type: string; data: unknown }): BudgetExceeded | null {
  if (event.type !== 'budget.exceeded' || !isRecord(event.data)) return null
  return {
    limit: readText(event.data.limit) ?? 'unknown',
    modelCallId: readText(event.data.model_call_id),
    turnId: readText(event.data.turn_id),
  }
}
