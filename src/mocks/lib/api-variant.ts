/**
 * Which upstream the mock answers like. `code` (default): what the server's code sends. `docs`:
 * the shapes the newest docs describe where they differ (the session list as `{items,
 * next_offset}`, 410 `cursor_expired` for a compacted event cursor). `release`: only what a
 * Gateway of the 2026-08 release serves (handlers/release-variant.ts: no Agent Session API, no agent
 * catalog definitions, sessions only under `/api/sessions`). Set with `mock:serve --
 * --api-variant docs`, `?mockVariant=docs` or localStorage `asc.mock.variant` in the browser, the
 * Demo panel's switch, or `options.apiVariant` in tests.
 */
export type ApiVariant = 'code' | 'docs' | 'release'

export const API_VARIANT_STORAGE_KEY = 'asc.mock.variant'

export function isApiVariant(value: unknown): value is ApiVariant {
  return value === 'code' || value === 'docs' || value === 'release'
}
