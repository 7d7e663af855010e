import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { decodeEnvironment, decodeEnvironmentList } from './decode-environment'
import { environmentKeys, type EnvironmentListParams } from './keys'
import type { Environment } from './types'
import { api } from '@/api/client'
import { totalCount } from '@/api/response-guards'

/** The server's largest page. */
const MAX_PAGE = 500
/** Pickers' choices change rarely; a minute saves refetching on every dialog. */
const CHOICES_STALE_MS = 60_000

export const environmentListQuery = (params: EnvironmentListParams) =>
  queryOptions({
    queryKey: environmentKeys.list(params),
    queryFn: async ({ signal }) => {
      const { data, response } = await api().GET('/api/environments', {
        params: { query: { limit: params.limit, offset: params.offset } },
        signal,
      })
      const items = decodeEnvironmentList(data)
      return { items, total: totalCount(response, params.offset + items.length) }
    },
    placeholderData: keepPreviousData,
  })

/**
 * Every environment the caller may inspect. The API cannot search or filter, so pickers, filtered
 * views and the palette read every page once and share the answer.
 */
export const allEnvironmentsQuery = () =>
  queryOptions({
    queryKey: environmentKeys.everything(),
    queryFn: async ({ signal }) => {
      const items: Environment[] = []
      for (;;) {
        const { data, response } = await api().GET('/api/environments', {
          params: { query: { limit: MAX_PAGE, offset: items.length } },
          signal,
        })
        const page = decodeEnvironmentList(data)
        items.push(...page)
        if (page.length < MAX_PAGE || items.length >= totalCount(response, items.length)) return items
      }
    },
    staleTime: CHOICES_STALE_MS,
  })

export const environmentQuery = (id: string) =>
  queryOptions({
    queryKey: environmentKeys.detail(id),
    queryFn: async ({ signal }) => {
      const { data } = await api().GET('/api/environments/{id}', { params: { path: { id } }, signal })
      return decodeEnvironment(data)
    },
  })

/**
 * One environment by id where a 404 or 403 is itself the answer (a default or session environment
 * that was deleted or is hidden). Reads never retry a 4xx anyway; `retry: false` also gives up at
 * once on a network failure or a 5xx, so the caller says the lookup failed without waiting through
 * the backoff.
 */
export const environmentLookupQuery = (id: string) => queryOptions({ ...environmentQuery(id), retry: false })
