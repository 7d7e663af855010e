import { describe, expect, it } from 'vitest'
import { isServerPaged, readListView, writeListView } from './environment-list-params'
import type { Environment } from './environment-types'
import { filterEnvironments } from './filter-environments'

function env(
  id: string,
  name: string,
  type: Environment['type'],
  updatedAt: number,
  createdAt = 0,
): Environment {
  return { id, name, type, config: {}, ownerId: 'o', createdAt, updatedAt, archivedAt: null }
}

describe('list view in the URL', () => {
  it('reads defaults, rejects junk and writes only what differs from the default', () => {
    expect(readListView(new URLSearchParams('type=docker&sort=evil&page=-2'))).toEqual({
      q: '',
      type: null,
      sort: 'updated_desc',
      page: 1,
    })
    const params = writeListView(new URLSearchParams('page=3'), { q: 'gpu', type: 'self_hosted', page: 1 })
    expect(params.toString()).toBe('q=gpu&type=self_hosted')
    expect(readListView(params)).toMatchObject({ q: 'gpu', type: 'self_hosted' })
  })

  it('pages on the server only in the server’s own order without filters', () => {
    expect(isServerPaged(readListView(new URLSearchParams('page=2')))).toBe(true)
    expect(isServerPaged(readListView(new URLSearchParams('q=a')))).toBe(false)
    expect(isServerPaged(readListView(new URLSearchParams('sort=name_asc')))).toBe(false)
  })
})

describe('filterEnvironments', () => {
  const items = [
    env('env_b', 'build-workers', 'self_hosted', 30, 1),
    env('env_a', 'Alpha sandbox', 'sandbox', 10, 3),
    env('env_c', 'lab-gpu-box', 'self_hosted', 20, 2),
  ]
  const view = readListView(new URLSearchParams())

  it('searches name and id case-insensitively and filters by type', () => {
    expect(filterEnvironments(items, { ...view, q: 'ALPHA' }).map((e) => e.id)).toEqual(['env_a'])
    expect(filterEnvironments(items, { ...view, q: 'env_c' }).map((e) => e.id)).toEqual(['env_c'])
    expect(filterEnvironments(items, { ...view, type: 'self_hosted' }).map((e) => e.id)).toEqual([
      'env_b',
      'env_c',
    ])
  })

  it('sorts every supported way', () => {
    const ids = (sort: typeof view.sort) => filterEnvironments(items, { ...view, sort }).map((e) => e.id)
    expect(ids('updated_desc')).toEqual(['env_b', 'env_c', 'env_a'])
    expect(ids('updated_asc')).toEqual(['env_a', 'env_c', 'env_b'])
    expect(ids('name_asc')).toEqual(['env_a', 'env_b', 'env_c'])
    expect(ids('name_desc')).toEqual(['env_c', 'env_b', 'env_a'])
    expect(ids('created_desc')).toEqual(['env_a', 'env_c', 'env_b'])
  })
})
