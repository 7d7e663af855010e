import { isEnvironmentType, type EnvironmentType } from './environment-types'
import { t } from '@/i18n'

export const ENVIRONMENT_SORTS = [
  'updated_desc',
  'updated_asc',
  'name_asc',
  'name_desc',
  'created_desc',
] as const

export type EnvironmentSort = (typeof ENVIRONMENT_SORTS)[number]

export function environmentSortLabel(sort: EnvironmentSort): string {
  switch (sort) {
    case 'updated_desc':
      return t('environments.sorts.updatedDesc')
    case 'updated_asc':
      return t('environments.sorts.updatedAsc')
    case 'name_asc':
      return t('environments.sorts.nameAsc')
    case 'name_desc':
      return t('environments.sorts.nameDesc')
    case 'created_desc':
      return t('environments.sorts.createdDesc')
  }
}

export type EnvironmentListView = {
  q: string
  type: EnvironmentType | null
  sort: EnvironmentSort
  page: number
}

export const PAGE_SIZE = 25

function isSort(value: string): value is EnvironmentSort {
  return (ENVIRONMENT_SORTS as readonly string[]).includes(value)
}

/** The list's view state lives in the URL; anything unreadable falls back to the default view. */
export function readListView(params: URLSearchParams): EnvironmentListView {
  const type = params.get('type') ?? ''
  const sort = params.get('sort') ?? ''
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return {
    q: params.get('q') ?? '',
    type: isEnvironmentType(type) ? type : null,
    sort: isSort(sort) ? sort : 'updated_desc',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  }
}

/** Writes a view back, leaving defaults out so plain links stay plain. */
export function writeListView(current: URLSearchParams, view: Partial<EnvironmentListView>): URLSearchParams {
  const next = new URLSearchParams(current)
  const set = (key: string, value: string | null, fallback: string) =>
    value === null || value === fallback ? next.delete(key) : next.set(key, value)
  if (view.q !== undefined) set('q', view.q.trim() ? view.q : null, '')
  if (view.type !== undefined) set('type', view.type, '')
  if (view.sort !== undefined) set('sort', view.sort, 'updated_desc')
  if (view.page !== undefined) set('page', String(view.page), '1')
  return next
}

/**
 * The server pages in its own order (updated, newest first) and cannot search, filter or sort.
 * Only that view is paged on the server; any other view needs the whole list.
 */
export function isServerPaged(view: EnvironmentListView): boolean {
  return !view.q.trim() && view.type === null && view.sort === 'updated_desc'
}
