import { ApiError } from '@/api/api-error'
import { t } from '@/i18n'
import { decodeSession } from './decode-session'
import type { Session } from './types'
import { isRecord, readNumber } from '@/lib/read-fields'

export type SessionListPage = {
  items: Session[]
  /** Where the next page starts, or null at the end. */
  nextOffset: number | null
  /** Sessions matching the query on the server (X-Total-Count), when it says. */
  total: number | null
}

export type SessionListRequest = {
  offset: number
  limit: number
  /** The response's X-Total-Count header, as sent (null when absent). */
  totalHeader: string | null
}

function parseTotal(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null
  return Number.parseInt(header, 10)
}

/**
 * The upstream server answers a bare array that honours `limit`/`offset` and sends the total in
 * `X-Total-Count` (api-notes C2); the newest docs describe `{items, next_offset}`. Both page to
 * the end: with an array, the next page starts after this one while the total says there is more
 * (or, without the header, while a page comes back full). It lives with the client because several
 * features list sessions (agents count them, the sessions screen pages them).
 */
export function normalizeSessionList(data: unknown, request: SessionListRequest): SessionListPage {
  const { offset, limit } = request
  if (Array.isArray(data)) {
    const items = data.map((item) => decodeSession(item, 'sessions'))
    const total = parseTotal(request.totalHeader)
    const end = offset + items.length
    const hasMore = items.length > 0 && (total === null ? items.length >= limit : end < total)
    return { items, nextOffset: hasMore ? end : null, total }
  }
  if (isRecord(data) && Array.isArray(data.items)) {
    const nextOffset = readNumber(data.next_offset)
    return {
      items: data.items.map((item: unknown) => decodeSession(item, 'sessions')),
      nextOffset: nextOffset !== null && nextOffset > offset ? nextOffset : null,
      total: readNumber(data.total) ?? parseTotal(request.totalHeader),
    }
  }
  throw new ApiError({
    status: 200,
    kind: 'malformed',
    message: t('ui.apiError.malformedSessionList'),
  })
}
