import { isRecord } from '@/lib/read-fields'
import { replaceSecrets } from '@/lib/secrets'

/** Stands in for a secret value in the JSON editor and in saved drafts. */
export const SECRET_PLACEHOLDER = '•••• hidden, unchanged'

/**
 * A copy with every secret-named string replaced by the placeholder, at any depth. Used for
 * the Advanced JSON text (so a secret is not shown) and for drafts (so it is never stored).
 */
export function redactSecrets(value: unknown): unknown {
  return replaceSecrets(value, () => SECRET_PLACEHOLDER)
}

/**
 * Puts the real secrets back where the placeholder still stands, taking them from `source` at
 * the same path. A placeholder with no secret to restore is dropped rather than saved as text.
 */
export function restoreSecrets(value: unknown, source: unknown): unknown {
  if (Array.isArray(value))
    return value.map((item, index) => restoreSecrets(item, Array.isArray(source) ? source[index] : undefined))
  if (!isRecord(value)) return value
  const from = isRecord(source) ? source : {}
  const entries: [string, unknown][] = []
  for (const [key, item] of Object.entries(value)) {
    if (item === SECRET_PLACEHOLDER) {
      const original = from[key]
      if (typeof original === 'string') entries.push([key, original])
      continue
    }
    entries.push([key, restoreSecrets(item, from[key])])
  }
  return Object.fromEntries(entries)
}
