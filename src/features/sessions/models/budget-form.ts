import type { Budget, BudgetLimits, BudgetStop } from '@/data/sessions/decode-budget'

/**
 * The budget editor's rules, the server's own (SessionBudgetService.configure): counts are whole
 * numbers of at least 1, a cost is above 0 and needs a currency of three capital letters. Empty
 * means no limit. A currency alone would be dropped by the server, so the form refuses it too.
 */
export type BudgetFormValues = { modelCalls: string; totalTokens: string; cost: string; currency: string }

export type BudgetFieldError =
  | 'not_number'
  | 'not_whole'
  | 'not_positive'
  | 'cost_needs_currency'
  | 'currency_format'
  | 'currency_without_cost'

export type BudgetFormErrors = Partial<Record<keyof BudgetFormValues, BudgetFieldError>>

export type BudgetFormResult =
  { limits: BudgetLimits; errors: null } | { limits: null; errors: BudgetFormErrors }

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/

function readCount(text: string): number | null | BudgetFieldError {
  const value = text.trim()
  if (value === '') return null
  if (!NUMBER.test(value)) return 'not_number'
  const number = Number(value)
  if (number <= 0) return 'not_positive'
  if (!Number.isInteger(number)) return 'not_whole'
  return number
}

export function formValuesOf(limits: BudgetLimits): BudgetFormValues {
  return {
    modelCalls: limits.maxModelCalls === null ? '' : String(limits.maxModelCalls),
    totalTokens: limits.maxTotalTokens === null ? '' : String(limits.maxTotalTokens),
    cost: limits.maxCost === null ? '' : String(limits.maxCost),
    currency: limits.currency ?? '',
  }
}

export function validateBudgetForm(values: BudgetFormValues): BudgetFormResult {
  const errors: BudgetFormErrors = {}
  const modelCalls = readCount(values.modelCalls)
  const totalTokens = readCount(values.totalTokens)
  if (typeof modelCalls === 'string') errors.modelCalls = modelCalls
  if (typeof totalTokens === 'string') errors.totalTokens = totalTokens
  const costText = values.cost.trim()
  const currency = values.currency.trim()
  let cost: number | null = null
  if (costText !== '') {
    if (!NUMBER.test(costText)) errors.cost = 'not_number'
    else if (Number(costText) <= 0) errors.cost = 'not_positive'
    else cost = Number(costText)
    if (currency === '') errors.currency = 'cost_needs_currency'
  } else if (currency !== '') errors.currency = 'currency_without_cost'
  if (currency !== '' && !/^[A-Z]{3}$/.test(currency)) errors.currency = 'currency_format'
  if (Object.keys(errors).length > 0) return { limits: null, errors }
  return {
    limits: {
      maxModelCalls: typeof modelCalls === 'number' ? modelCalls : null,
      maxTotalTokens: typeof totalTokens === 'number' ? totalTokens : null,
      maxCost: cost,
      currency: cost === null ? null : currency,
    },
    errors: null,
  }
}

/**
 * What raise-and-resume writes for the limit that stopped a turn: that limit raised (at least
 * double, and room beyond what is used), every other limit kept. A fail-closed stop is not a
 * shortfall: raising would not help, so the limit that cannot be checked is removed instead.
 */
export function raisedLimits(budget: Budget, stop: BudgetStop): BudgetLimits {
  const { limits, usage } = budget
  switch (stop) {
    case 'max_model_calls':
      return { ...limits, maxModelCalls: Math.max((limits.maxModelCalls ?? 0) * 2, usage.modelCalls + 5) }
    case 'max_total_tokens':
      return {
        ...limits,
        maxTotalTokens: Math.max((limits.maxTotalTokens ?? 0) * 2, usage.totalTokens + 20_000),
      }
    case 'max_cost': {
      const raised = Math.max((limits.maxCost ?? 0) * 2, usage.estimatedCost * 2)
      return { ...limits, maxCost: Math.ceil(raised * 100) / 100 }
    }
    case 'usage_unavailable':
      return { ...limits, maxTotalTokens: null }
    case 'pricing_unavailable':
      return { ...limits, maxCost: null, currency: null }
  }
}
