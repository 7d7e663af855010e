/**
 * Where the console finds its API, read at start-up from `/console-config.json` so that one build
 * can be pointed at the bundled mock or at a real Gateway without rebuilding.
 */
export type ApiMode = 'mock' | 'real'

export type RuntimeConfig = {
  apiMode: ApiMode
  /** Absolute Gateway origin (e.g. https://gateway.example.com); empty means same origin. */
  apiBaseUrl: string
}

const fallback: RuntimeConfig = { apiMode: 'mock', apiBaseUrl: '' }

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null) return fallback
  const record = value as Record<string, unknown>
  const apiMode: ApiMode = record.apiMode === 'real' ? 'real' : 'mock'
  const rawBase = typeof record.apiBaseUrl === 'string' ? record.apiBaseUrl.trim() : ''
  return { apiMode, apiBaseUrl: rawBase.replace(/\/+$/, '') }
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const fromEnv = {
    apiMode: import.meta.env.VITE_API_MODE as string | undefined,
    apiBaseUrl: import.meta.env.VITE_API_BASE_URL as string | undefined,
  }
  let fileConfig: unknown = undefined
  try {
    const response = await fetch('/console-config.json', { cache: 'no-store' })
    if (response.ok) fileConfig = await response.json()
  } catch {
    // A missing or unreadable file falls back to the bundled mock, which always works.
  }
  const base = parseRuntimeConfig(fileConfig)
  return parseRuntimeConfig({
    apiMode: fromEnv.apiMode ?? base.apiMode,
    apiBaseUrl: fromEnv.apiBaseUrl ?? base.apiBaseUrl,
  })
}

/** The absolute base URL for API calls (a Request needs an absolute URL under Node). */
export function resolveApiBaseUrl(config: RuntimeConfig, origin: string): string {
  return config.apiBaseUrl || origin
}

let active: RuntimeConfig = fallback

/** Set once at start-up; read by the shell (demo badge) and the copy-as-curl helpers. */
export function setActiveRuntimeConfig(config: RuntimeConfig) {
  active = config
}

export function getActiveRuntimeConfig(): RuntimeConfig {
  return active
}
