import { controlPlaneError } from './responses'

export type Page = { limit: number | null; offset: number }

const MAX_LIMIT = 500

function parseNonNegativeInteger(text: string): number | null {
  return /^\d+$/.test(text) ? Number.parseInt(text, 10) : null
}

/**
 * The control plane's list paging (environments, memory stores, vaults): `limit` 1–500, `offset` ≥ 0
 * and only together with `limit`. Anything else is a 400, so a client bug surfaces instead of a
 * silently clamped page.
 */
export function parsePaging(url: URL): Page | Response {
  const limitText = url.searchParams.get('limit')
  const offsetText = url.searchParams.get('offset')
  if (limitText === null) {
    if (offsetText !== null) return controlPlaneError(400, 'offset requires limit')
    return { limit: null, offset: 0 }
  }
  const limit = parseNonNegativeInteger(limitText)
  if (limit === null || limit < 1 || limit > MAX_LIMIT) {
    return controlPlaneError(400, `limit must be an integer between 1 and ${MAX_LIMIT}`)
  }
  const offset = offsetText === null ? 0 : parseNonNegativeInteger(offsetText)
  if (offset === null) return controlPlaneError(400, 'offset must be a non-negative integer')
  return { limit, offset }
}

export function applyPage<T>(items: readonly T[], page: Page): T[] {
  return page.limit === null ? items.slice(page.offset) : items.slice(page.offset, page.offset + page.limit)
}
