import { ApiError } from '@/api/api-error'
import { t } from '@/i18n'
import { isRecord } from '@/lib/read-fields'
import { decodeTurn } from './decode-session'
import type { Turn } from './types'

/** Spec 1.0.0 answers a bare array of turns; newer servers a `{items, next_offset}` page. */
export function normalizeTurnList(data: unknown, sessionId?: string): Turn[] {
  const items: unknown[] | null = Array.isArray(data)
    ? data
    : isRecord(data) && Array.isArray(data.items)
      ? data.items
      : null
  if (items) return items.map((item) => decodeTurn(item, 'turns', sessionId))
  throw new ApiError({
    status: 200,
    kind: 'malformed',
    message: t('ui.apiError.malformedTurnList'),
  })
}
