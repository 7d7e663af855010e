import { describe, expect, it } from 'vitest'
import { budgetExceededData, budgetLimitsBody, decodeBudget, NO_LIMITS, sameLimits } from './decode-budget'

describe('decodeBudget', () => {
  it('reads upstream’s answer, a BigDecimal cost written as a string included', () => {
    const budget = decodeBudget({
      limits: { max_model_calls: 4, max_cost: '1.50', currency: 'USD' },
      usage: {
        model_calls: 3,
        total_tokens: 12000,
        estimated_cost: '0.0421',
        currency: 'USD',
        cost_complete: false,
        unreported_calls: 1,
        unpriced_calls: 1,
        in_flight_calls: 1,
      },
      revision: 9,
      scope: 'session_tree',
      enforcement: 'before_model_call',
    })
    expect(budget).toEqual({
      limits: { maxModelCalls: 4, maxTotalTokens: null, maxCost: 1.5, currency: 'USD' },
      usage: {
        modelCalls: 3,
        totalTokens: 12000,
        estimatedCost: 0.0421,
        currency: 'USD',
        isCostComplete: false,
        unreportedCalls: 1,
        unpricedCalls: 1,
        inFlightCalls: 1,
      },
      revision: 9,
      scope: 'session_tree',
      enforcement: 'before_model_call',
    })
  })

  it('refuses an answer without usage', () => {
    expect(() => decodeBudget({ limits: {}, revision: 0 })).toThrow()
    expect(() => decodeBudget('nope')).toThrow()
  })
})

describe('budgetLimitsBody', () => {
  it('sends every limit kept and nothing else, so no limits is {} (clears them all)', () => {
    expect(budgetLimitsBody(NO_LIMITS)).toEqual({})
    expect(budgetLimitsBody({ maxModelCalls: 5, maxTotalTokens: null, maxCost: 2, currency: 'EUR' })).toEqual(
      { max_model_calls: 5, max_cost: 2, currency: 'EUR' },
    )
  })
})

describe('sameLimits', () => {
  it('compares the limits, the currency only beside a cost', () => {
    const limits = { maxModelCalls: 5, maxTotalTokens: null, maxCost: null, currency: null }
    expect(sameLimits(limits, { ...limits })).toBe(true)
    expect(sameLimits(limits, { ...limits, maxModelCalls: 6 })).toBe(false)
    expect(
      sameLimits({ ...limits, maxCost: 1, currency: 'USD' }, { ...limits, maxCost: 1, currency: 'EUR' }),
    ).toBe(false)
  })
})

describe('budgetExceededData', () => {
  it('names the limit, the refused model call and its turn', () => {
    expect(
      budgetExceededData({
        type: 'budget.exceeded',
        data: { limit: 'max_model_calls', model_call_id: 'mc_1', turn_id: 'turn_1', run_id: 'run_1' },
      }),
    ).toEqual({ limit: 'max_model_calls', modelCallId: 'mc_1', turnId: 'turn_1' })
    expect(budgetExceededData({ type: 'turn.failed', data: {} })).toBeNull()
  })
})
