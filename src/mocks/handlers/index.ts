import { delay, getResponse, http, type HttpHandler } from 'msw'
import { injectedLatency, rollInjectedError, type MockBackend } from '../lib/backend'
import { findOverride } from '../lib/faults'
import { controlPlaneError } from '../lib/responses'
import { createAgentHandlers } from './agents'
import { createBudgetHandlers } from './budget'
import { createCatalogHandlers } from './catalog'
import { createCheckpointHandlers } from './checkpoints'
import { createEnvironmentHandlers } from './environments'
import { createFileHandlers } from './files'
import { createIdentityHandlers } from './identity'
import { createMockControlHandlers } from './mock-control'
import {
  createReleaseVariantHandlers,
  createUnservedOperationHandlers,
  createVersionHandler,
} from './release-variant'
import { createSessionHandlers } from './sessions'
import { createSubagentHandlers } from './subagents'
import { createTraceHandlers } from './trace'
import { createWorkHandlers } from './work'
import { createWorkerProtocolHandlers } from './worker-protocol'

/** One handler set for every transport: the browser service worker, msw/node and the HTTP server. */
export function createHandlers(backend: MockBackend): HttpHandler[] {
  const latencyAndOverrides = http.all('*/api/*', async ({ request }) => {
    const latency = injectedLatency(backend)
    if (latency > 0) await delay(latency)
    const override = findOverride(backend.faults, request)
    if (override) {
      return new Response(override.body, {
        status: override.status,
        headers: { 'Content-Type': override.contentType ?? 'application/json' },
      })
    }
    const injected = rollInjectedError(backend, request)
    if (injected) {
      // The server acts, then its answer is lost on the way back.
      backend.injected.errors += 1
      if (injected.afterHandling) {
        backend.injected.lostAnswers += 1
        await getResponse(routeHandlers, request.clone())
      }
      const status = injected.rule.status ?? 503
      return controlPlaneError(status, `injected fault: ${request.method} ${new URL(request.url).pathname}`, {
        code: 'injected_fault',
      })
    }
    // No return value: the request falls through to the real handler.
  })
  const routeHandlers: HttpHandler[] = [
    ...createIdentityHandlers(backend),
    // Worker-protocol routes first: `/work/poll` must not be taken for `/work/{workId}`.
    ...createWorkerProtocolHandlers(backend),
    ...createWorkHandlers(backend),
    ...createEnvironmentHandlers(backend),
    ...createAgentHandlers(backend),
    ...createCatalogHandlers(backend),
    ...createTraceHandlers(backend),
    ...createCheckpointHandlers(backend),
    ...createSessionHandlers(backend),
    ...createSubagentHandlers(backend),
    ...createFileHandlers(backend),
    ...createBudgetHandlers(backend),
    ...createMockControlHandlers(backend),
    ...createUnservedOperationHandlers(),
  ]
  // The 2026-08 release's routes (in front: they answer 404 where that release has no route).
  const variantHandlers = [
    ...createReleaseVariantHandlers(backend, () => routeHandlers),
    createVersionHandler(backend),
  ]
  return [latencyAndOverrides, ...variantHandlers, ...routeHandlers]
}
