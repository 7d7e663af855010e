import { apiBaseUrl } from './client'
import { getActiveRuntimeConfig } from '@/lib/runtime-config'

/** Where `npm run mock:serve` listens by default. */
export const MOCK_SERVER_URL = 'http://127.0.0.1:8787'

export function isDemoBackend(): boolean {
  return getActiveRuntimeConfig().apiMode === 'mock'
}

/**
 * The base URL for commands a user runs outside the browser (curl, workers). The demo's mock
 * lives inside this tab's service worker, so those commands go to `npm run mock:serve` instead.
 */
export function commandBaseUrl(): string {
  return isDemoBackend() ? MOCK_SERVER_URL : apiBaseUrl()
}
