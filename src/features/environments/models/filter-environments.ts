import type { EnvironmentListView } from './environment-list-params'
import type { Environment } from './environment-types'

/** Search (name or id, case-insensitive), type filter and sort, done in the browser. */
export function filterEnvironments(items: readonly Environment[], view: EnvironmentListView): Environment[] {
  const needle = view.q.trim().toLowerCase()
  const matches = items.filter(
    (environment) =>
      (view.type === null || environment.type === view.type) &&
      (!needle ||
        environment.name.toLowerCase().includes(needle) ||
        environment.id.toLowerCase().includes(needle)),
  )
  const byName = (a: Environment, b: Environment) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id)
  const compare: Record<EnvironmentListView['sort'], (a: Environment, b: Environment) => number> = {
    updated_desc: (a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id),
    updated_asc: (a, b) => a.updatedAt - b.updatedAt || a.id.localeCompare(b.id),
    name_asc: byName,
    name_desc: (a, b) => byName(b, a),
    created_desc: (a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id),
  }
  return matches.sort(compare[view.sort])
}
