import type { HttpHandler } from 'msw'
import type { MockBackend } from '../lib/backend'
import type { Scoped } from '../db/types'
import { isVisible } from '../lib/access'
import { http } from '../lib/openapi-http'
import { applyPage, parsePaging, type Page } from '../lib/paging'
import { isResponse, resolveContext } from '../lib/request-context'

type Listed = { id: string; updatedAt: number; archivedAt?: number | null }

/** Memory stores and vaults for the pickers: same filtering and paging rules as environments. */
export function createCatalogHandlers(backend: MockBackend): HttpHandler[] {
  const { db } = backend

  const listPage = <T extends Listed>(
    request: Request,
    records: Iterable<Scoped & { item: T }>,
  ): { items: T[]; total: number } | Response => {
    const context = resolveContext(backend, request)
    if (isResponse(context)) return context
    const page: Page | Response = parsePaging(new URL(request.url))
    if (isResponse(page)) return page
    const visible = [...records]
      .filter((record) => (record.item.archivedAt ?? null) === null && isVisible(context, record))
      .map((record) => record.item)
      .sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id))
    return { items: applyPage(visible, page), total: visible.length }
  }

  return [
    http.get('/api/memory-stores', ({ request, response }) => {
      const result = listPage(
        request,
        [...db.memoryStores.values()].map((record) => ({ ...record, item: record.store })),
      )
      if (isResponse(result)) return response.untyped(result)
      return response(200).json(result.items, { headers: { 'X-Total-Count': String(result.total) } })
    }),

    http.get('/api/vaults', ({ request, response }) => {
      const result = listPage(
        request,
        [...db.vaults.values()].map((record) => ({ ...record, item: record.vault })),
      )
      if (isResponse(result)) return response.untyped(result)
      return response(200).json(result.items, { headers: { 'X-Total-Count': String(result.total) } })
    }),
  ]
}
