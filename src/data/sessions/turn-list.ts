import { ApiError } from '@/api/api-error'
import type { components } from '@/api/schema.gen'
import { t } from '@/i18n'
import { isRecord } from '@/lib/read-fields'

type Turn = components['schemas']['Turn']

/** Spec 1.0.0 answers a bare array of turns; newer servers a `{items, next_offset}` page. */
export function normalizeTurnList(data: unknown): Turn[] {
  if (Array.isArray(data)) return data as Turn[]
  if (isRecord(data) && Array.isArray(data.items)) return data.items as Turn[]
  throw new ApiError({
    status: 200,
    kind: 'malformed',
    message: t('ui.apiError.malformedTurnList'),
  })
}
