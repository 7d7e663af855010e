import { ApiError } from '@/api/api-error'
import { t } from '@/i18n'
import type { components } from '@/api/schema.gen'

type Session = components['schemas']['Session']

export type SessionListPage = { items: Session[]; nextOffset: number | null }

/**
 * Spec 1.0.0 servers answer a bare array; newer ones page with `{items, next_offset}`. The
 * console accepts both and pages only when the server does. It lives with the client because
 * several features list sessions (agents count them, the sessions screen pages them).
 */
export function normalizeSessionList(data: unknown, offset: number): SessionListPage {
  if (Array.isArray(data)) return { items: data as Session[], nextOffset: null }
  if (typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items)) {
    const page = data as { items: Session[]; next_offset?: unknown }
    const next = typeof page.next_offset === 'number' && page.next_offset > offset ? page.next_offset : null
    return { items: page.items, nextOffset: next }
  }
  throw new ApiError({
    status: 200,
    kind: 'malformed',
    message: t('ui.apiError.malformedSessionList'),
  })
}
