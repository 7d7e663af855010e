import { ApiError } from './api-error'
import { t } from '@/i18n'

/**
 * openapi-fetch types the body but does not check it. A proxy error page, an older server or a
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

export function expectData<T>(data: T | undefined, what: string): T {
  if (data === undefined || data === null) throw malformed(t('ui.apiError.emptyBody', { what }))
  return data
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

export function totalCount(response: Response, fallback: number): number {
  const header = response.headers.get('X-Total-Count')
  const parsed = header === null ? Number.NaN : Number.parseInt(header, 10)
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : fallback
}
