import { delay, http, type HttpHandler } from 'msw'
import { findOverride, type MockBackend } from '../backend'
import { createAgentHandlers } from './agents'
import { createCatalogHandlers } from './catalog'
import { createEnvironmentHandlers } from './environments'
import { createIdentityHandlers } from './identity'
import { createSessionHandlers } from './sessions'
import { createWorkHandlers } from './work'
import { createWorkerProtocolHandlers } from './worker-protocol'

/** One handler set for every transport: the browser service worker, msw/node and the HTTP server. */
export function createHandlers(backend: MockBackend): HttpHandler[] {
  const latencyAndOverrides = http.all('*/api/*', async ({ request }) => {
    if (backend.options.latencyMs > 0) await delay(backend.options.latencyMs)
    const override = findOverride(backend.faults, request)
    if (override) {
      return new Response(override.body, {
        status: override.status,
        headers: { 'Content-Type': override.contentType ?? 'application/json' },
      })
    }
    // No return value: the request falls through to the real handler.
  })
  return [
    latencyAndOverrides,
    ...createIdentityHandlers(backend),
    // Worker-protocol routes first: `/work/poll` must not be taken for `/work/{workId}`.
    ...createWorkerProtocolHandlers(backend),
    ...createWorkHandlers(backend),
    ...createEnvironmentHandlers(backend),
    ...createAgentHandlers(backend),
    ...createCatalogHandlers(backend),
    ...createSessionHandlers(backend),
  ]
}
