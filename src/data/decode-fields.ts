/**
 * Field readers for the decoders in `data/<resource>/`: each answer is read as `unknown` and
 * turned into the console's model here, once, so screens never re-check what the server sent.
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function readString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

/** A string with something in it; blank text counts as absent (a `displayName: ""`). */
export function readText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

export function readNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined
}

/**
 * A point in time as epoch milliseconds. The environment and work routes send epoch ms; the
 * agent catalog sends ISO-8601 strings (api-notes C5). A numeric string is read as epoch ms too.
 * Anything else is null.
 */
export function readTime(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value !== 'string' || value.trim() === '') return null
  const text = value.trim()
  if (/^-?\d+$/.test(text)) return Number(text)
  const at = Date.parse(text)
  return Number.isNaN(at) ? null : at
}
