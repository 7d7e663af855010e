import { describe, expect, it } from 'vitest'
import { NO_LIMITS, type Budget } from '@/data/sessions/decode-budget'
import { raisedLimits, validateBudgetForm } from './budget-form'

const empty = { modelCalls: '', totalTokens: '', cost: '', currency: '' }

describe('validateBudgetForm', () => {
  it('reads empty fields as no limit: nothing set clears every limit', () => {
    expect(validateBudgetForm(empty)).toEqual({ limits: NO_LIMITS, errors: null })
  })

  it.each([
    ['0', 'not_positive'],
    ['-3', 'not_positive'],
    ['2.5', 'not_whole'],
    ['ten', 'not_number'],
  ])('refuses %s model calls (%s)', (modelCalls, error) => {
    expect(validateBudgetForm({ ...empty, modelCalls }).errors).toEqual({ modelCalls: error })
  })

  it('refuses a zero or negative cost, a cost without a currency, and a currency that is not three capitals', () => {
    expect(validateBudgetForm({ ...empty, cost: '0', currency: 'USD' }).errors).toEqual({
      cost: 'not_positive',
    })
    expect(validateBudgetForm({ ...empty, cost: '-1', currency: 'USD' }).errors).toEqual({
      cost: 'not_positive',
    })
    expect(validateBudgetForm({ ...empty, cost: '2' }).errors).toEqual({ currency: 'cost_needs_currency' })
    expect(validateBudgetForm({ ...empty, cost: '2', currency: 'usd' }).errors).toEqual({
      currency: 'currency_format',
    })
    expect(validateBudgetForm({ ...empty, cost: '2', currency: 'EURO' }).errors).toEqual({
      currency: 'currency_format',
    })
    expect(validateBudgetForm({ ...empty, currency: 'USD' }).errors).toEqual({
      currency: 'currency_without_cost',
    })
  })

  it('keeps every valid limit', () => {
    expect(
      validateBudgetForm({ modelCalls: '12', totalTokens: ' 50000 ', cost: '1.25', currency: 'USD' }),
    ).toEqual({
      limits: { maxModelCalls: 12, maxTotalTokens: 50000, maxCost: 1.25, currency: 'USD' },
      errors: null,
    })
  })
})

describe('raisedLimits', () => {
  const budget = (limits: Partial<Budget['limits']>, usage: Partial<Budget['usage']> = {}): Budget => ({
    limits: { ...NO_LIMITS, ...limits },
    usage: {
      modelCalls: 2,
      totalTokens: 7000,
      estimatedCost: 0.4,
      currency: 'USD',
      isCostComplete: true,
      unreportedCalls: 0,
      unpricedCalls: 0,
      inFlightCalls: 0,
      ...usage,
    },
    revision: 5,
    scope: 'session_tree',
    enforcement: 'before_model_call',
  })

  it('raises the limit that stopped the turn past what is used and keeps the others', () => {
    expect(raisedLimits(budget({ maxModelCalls: 2, maxTotalTokens: 90000 }), 'max_model_calls')).toEqual({
      ...NO_LIMITS,
      maxModelCalls: 7,
      maxTotalTokens: 90000,
    })
    expect(raisedLimits(budget({ maxCost: 0.3, currency: 'USD' }), 'max_cost')).toMatchObject({
      maxCost: 0.8,
      currency: 'USD',
    })
  })

  it('removes the limit that cannot be checked when the stop was fail-closed', () => {
    expect(raisedLimits(budget({ maxTotalTokens: 100, maxModelCalls: 9 }), 'usage_unavailable')).toEqual({
      ...NO_LIMITS,
      maxModelCalls: 9,
    })
    expect(raisedLimits(budget({ maxCost: 1, currency: 'USD' }), 'pricing_unavailable')).toEqual(NO_LIMITS)
  })
})
