import type { BudgetLimits, BudgetUsage } from '@/data/sessions/decode-budget'
import { isBudgetStop } from '@/data/sessions/decode-budget'
import { t } from '@/i18n'
import { formatNumber } from '@/lib/format-number'

/** Shared wording of the budget tab, the stop notice and the transcript (catalog `sessions:budget`). */

/** A limit `budget.exceeded` named, in words; one this console does not know stays as sent. */
export function budgetStopLabel(limit: string): string {
  if (!isBudgetStop(limit)) return limit
  switch (limit) {
    case 'max_model_calls':
      return t('sessions.budget.limit.max_model_calls')
    case 'max_total_tokens':
      return t('sessions.budget.limit.max_total_tokens')
    case 'max_cost':
      return t('sessions.budget.limit.max_cost')
    case 'usage_unavailable':
      return t('sessions.budget.limit.usage_unavailable')
    case 'pricing_unavailable':
      return t('sessions.budget.limit.pricing_unavailable')
  }
}

export function formatCost(amount: number, currency: string | null): string {
  const text = formatNumber(Math.round(amount * 10_000) / 10_000)
  return currency ? `${text} ${currency}` : text
}

/** "5 model calls, 20,000 tokens, 1.5 USD", or "none". */
export function limitsText(limits: BudgetLimits): string {
  const parts = [
    limits.maxModelCalls === null
      ? null
      : t('sessions.budget.limitsList.calls', { count: formatNumber(limits.maxModelCalls) }),
    limits.maxTotalTokens === null
      ? null
      : t('sessions.budget.limitsList.tokens', { count: formatNumber(limits.maxTotalTokens) }),
    limits.maxCost === null
      ? null
      : t('sessions.budget.limitsList.cost', {
          amount: formatNumber(limits.maxCost),
          currency: limits.currency ?? '',
        }),
  ].filter((part): part is string => part !== null)
  return parts.length > 0 ? parts.join(', ') : t('sessions.budget.editor.none')
}

export function usageCost(usage: BudgetUsage): string {
  if (usage.currency === null && usage.estimatedCost === 0) return t('sessions.budget.usage.noCost')
  return formatCost(usage.estimatedCost, usage.currency)
}
