/**
 * The one set of field readers for values read as `unknown`: server answers in the decoders of
 * `data/<resource>/`, event data, error bodies. Each returns null for what is not of its type, so a
 * wrong type becomes "absent" in one place instead of a crash or an `[object Object]` in one of many.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A string as sent, the empty string included. */
export function readString(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

/** A string with something in it, as sent: an empty or blank id or name (`displayName: " "`) says nothing. */
export function readText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

/** A finite number (NaN and Infinity come from broken producers, not from time or counts). */
export function readNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

/**
 * A point in time as epoch milliseconds. The environment and work routes send epoch ms; the
 * agent catalog sends ISO-8601 strings (api-notes C5). A numeric string is read as epoch ms too.
 */
export function readTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string' || value.trim() === '') return null
  const text = value.trim()
  if (/^-?\d+$/.test(text)) return Number(text)
  const at = Date.parse(text)
  return Number.isNaN(at) ? null : at
}
