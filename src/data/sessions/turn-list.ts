import { ApiError } from '@/api/api-error'
import type { components } from '@/api/schema.gen'
import { t } from '@/i18n'

type Turn = components['schemas']['Turn']

/** Spec 1.0.0 answers a bare array of turns; newer servers a `{items, next_offset}` page. */
export function normalizeTurnList(data: unknown): Turn[] {
  if (Array.isArray(data)) return data as Turn[]
  if (typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items)) {
    return (data as { items: Turn[] }).items
  }
  throw new ApiError({
    status: 200,
    kind: 'malformed',
    message: t('ui.apiError.malformedTurnList'),
  })
}
