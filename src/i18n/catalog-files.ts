import type { Messages } from '@lingui/core'
// Shared by the build plugin, the catalog check and the runtime loader, so all three agree on
// which file holds which namespace and how nested keys become message ids.

// `<dir>/locales/<locale>.json` is a namespace's core catalog; `<dir>/locales/<part>.<locale>.json`
// holds strings of screens that load later, so a list page does not download its detail pages'
// strings. Both give ids the prefix `<dir>.`; only what is loaded differs.
const CATALOG = /\/([\w-]+)\/locales\/(?:([\w-]+)\.)?([\w-]+)\.json$/

/**
 * The unit `useT`/`loadNamespace` load: `src/features/environments/locales/en.json` →
 * `environments`, `…/locales/screens.en.json` → `environments:screens`; anything else → null.
 */
export function namespaceOfCatalog(path: string): string | null {
  const match = CATALOG.exec(path.replaceAll('\\', '/'))
  if (!match) return null
  return match[2] ? `${match[1]}:${match[2]}` : (match[1] ?? null)
}

/** The id prefix of a catalog's messages: its folder's name (`environments`), for every part. */
export function idPrefixOfCatalog(path: string): string | null {
  return CATALOG.exec(path.replaceAll('\\', '/'))?.[1] ?? null
}

export function localeOfCatalog(path: string): string | null {
  return CATALOG.exec(path.replaceAll('\\', '/'))?.[3] ?? null
}

/** `{ create: { title: 'New' } }` in namespace `environments` → `{ 'environments.create.title': 'New' }`. */
export function flattenCatalog(prefix: string, nested: Record<string, unknown>): Record<string, string> {
  const flat: Record<string, string> = {}
  for (const [key, value] of Object.entries(nested)) {
    const id = `${prefix}.${key}`
    if (typeof value === 'string') flat[id] = value
    else if (value && typeof value === 'object' && !Array.isArray(value))
      Object.assign(flat, flattenCatalog(id, value as Record<string, unknown>))
    else throw new Error(`Catalog entry ${id} must be a string or an object of strings`)
  }
  return flat
}

/** A catalog's lazy import, as `import.meta.glob` gives it. */
export type CatalogLoader = () => Promise<{ default: Messages }>

/** `namespace/locale` → its loader, for the loaders `import.meta.glob` found by file path. */
export function byNamespace(loaders: Record<string, CatalogLoader>): Map<string, CatalogLoader> {
  const keyed = new Map<string, CatalogLoader>()
  for (const [path, load] of Object.entries(loaders)) {
    const namespace = namespaceOfCatalog(path)
    const locale = localeOfCatalog(path)
    if (namespace && locale) keyed.set(`${namespace}/${locale}`, load)
  }
  return keyed
}
