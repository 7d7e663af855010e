// Shared by the build plugin, the catalog check and the runtime loader, so all three agree on
// which file holds which namespace and how nested keys become message ids.

/** `src/features/environments/locales/en.json` → `environments`; anything else → null. */
export function namespaceOfCatalog(path: string): string | null {
  const match = /\/([\w-]+)\/locales\/[\w-]+\.json$/.exec(path.replaceAll('\\', '/'))
  return match?.[1] ?? null
}

export function localeOfCatalog(path: string): string | null {
  return /\/locales\/([\w-]+)\.json$/.exec(path.replaceAll('\\', '/'))?.[1] ?? null
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
