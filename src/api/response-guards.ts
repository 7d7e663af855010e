import { ApiError } from './api-error'
import { t } from '@/i18n'
import { isRecord } from '@/lib/read-fields'

/**
 * The typed client types the body but does not check it. A proxy error page, an older server or a
 * bug can send something else; these guards turn that into an ApiError the screen can show,
 * instead of a crash deep inside a component.
 */
function malformed(detail: string): ApiError {
  return new ApiError({
    status: 200,
    kind: 'malformed',
    message: t('ui.apiError.malformedBody', { detail }),
  })
}

export function expectArray<T>(data: T[] | undefined, what: string): T[] {
  if (!Array.isArray(data)) throw malformed(t('ui.apiError.expectedList', { what }))
  return data
}

export function expectObject<T extends object>(
  data: T | undefined,
  what: string,
  requiredKeys: string[] = [],
): T {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw malformed(t('ui.apiError.expectedObject', { what }))
  for (const key of requiredKeys) {
    if (!(key in data)) throw malformed(t('ui.apiError.missingKey', { what, key }))
  }
  return data
}

/** A JSON object from an answer read as `unknown`, for decoders that check every field themselves. */
export function expectRecord(
  data: unknown,
  what: string,
  requiredKeys: string[] = [],
): Record<string, unknown> {
  if (!isRecord(data)) throw malformed(t('ui.apiError.expectedObject', { what }))
  for (const key of requiredKeys) {
    if (!(key in data)) throw malformed(t('ui.apiError.missingKey', { what, key }))
  }
  return data
}

/** A JSON array from an answer read as `unknown`. */
export function expectList(data: unknown, what: string): unknown[] {
  if (!Array.isArray(data)) throw malformed(t('ui.apiError.expectedList', { what }))
  return data as unknown[]
}

/** A field the decoder needs but the answer lacks or sent with the wrong type. */
export function malformedField(what: string, key: string): ApiError {
  return malformed(t('ui.apiError.missingKey', { what, key }))
}

export function totalCount(response: Response, fallback: number): number {
  const header = response.headers.get('X-Total-Count')
  const parsed = header === null ? Number.NaN : Number.parseInt(header, 10)
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback
}
