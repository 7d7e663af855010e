import { getResponse, http, type HttpHandler } from 'msw'
import type { MockBackend } from '../lib/backend'
import { isVisible } from '../lib/access'
import { isResponse, resolveContext } from '../lib/request-context'
import { json } from '../lib/responses'

/**
 * The `release` API variant: what a Gateway of the 2026-08 release (upstream main at c2d43f86)
 * serves of the routes this console speaks. At that commit:
 * - the dataplane's `web/api/` folder holds only DataSessionApiController, AgentScopeContractController,
 *   HandsObservabilityController, SelfHostedWorkerController and WorkerEnvironmentController: no
 *   Agent Session API (`/api/v1/agent-sessions/**`), trace or session operations;
 * - the Gateway (`service-gateway/src/main/resources/application.yml`) sends `/api/v1/**` and
 *   `/api/sessions/**` to the control plane, whose unknown API paths answer
 *   `404 {"error":"not found"}` (`aistio/internal/httpapi/server.go` spaFallback);
 * - `GET /api/v1/agents` is Aistio's list of deployed agents (`listAgentsFromRegistry`,
 *   `aistio/internal/httpapi/dataplane_handler.go`): `{items:[{name, namespace, type, runtime,
 *   displayName, replicas, …}]}`, no catalog `id`, and no `/definition` or `/versions` under it;
 * - sessions are the control plane's `/api/sessions` (`aistio/internal/product/handlers_sessions.go`),
 *   the handlers the newer Gateway reaches through `/api/v1/agent-sessions`, so the mock answers
 *   them with its own lifecycle handlers.
 * Environments, identity, memory stores, vaults and the worker protocol are the same in both.
 * These handlers sit in front of the others and step aside unless the variant is `release`;
 * `routeHandlers` are the others (without these), which answer the rewritten session paths.
 */
export function createReleaseVariantHandlers(
  backend: MockBackend,
  routeHandlers: () => readonly HttpHandler[],
): HttpHandler[] {
  const isRelease = () => backend.options.apiVariant === 'release'
  const notFound = () => json({ error: 'not found' }, { status: 404 })
  /** The same request on another path, answered by the mock's own handlers. */
  const answerAt = (request: Request, pathname: string) => {
    const url = new URL(request.url)
    url.pathname = pathname
    return getResponse([...routeHandlers()], new Request(url, request))
  }

  return [
    http.all('*/api/v1/agent-sessions', () => (isRelease() ? notFound() : undefined)),
    http.all('*/api/v1/agent-sessions/*', () => (isRelease() ? notFound() : undefined)),
    http.all('*/api/v1/agents/*', () => (isRelease() ? notFound() : undefined)),
    http.get('*/api/v1/agents', ({ request }) => {
      if (!isRelease()) return undefined
      const context = resolveContext(backend, request)
      if (isResponse(context)) return context
      const items = [...backend.db.agents.values()]
        .filter((record) => isVisible(context, record) && record.agent.status === 'active')
        .map(({ agent }) => ({
          name: agent.agentKey,
          namespace: agent.namespace,
          type: 'BYO',
          runtime: 'agentscope-java',
          displayName: agent.agentKey,
          replicas: 1,
        }))
      return json({ items })
    }),
    http.get('*/api/sessions', ({ request }) =>
      isRelease() ? answerAt(request, '/api/v1/agent-sessions') : undefined,
    ),
    http.get('*/api/sessions/:sessionId', ({ request, params }) =>
      isRelease() ? answerAt(request, `/api/v1/agent-sessions/${String(params.sessionId)}`) : undefined,
    ),
  ]
}

/**
 * `GET /api/v1/version`, which the control plane serves without sign-in at c2d43f86
 * (`aistio/internal/httpapi/server.go` version): `{version, apiVersion, component, experimental}`.
 * The mock names itself and the variant it answers in, so the console's Server page shows which.
 */
export function createVersionHandler(backend: MockBackend): HttpHandler {
  return http.get('*/api/v1/version', () =>
    json({
      version: backend.options.apiVariant === 'release' ? 'mock-2026.08' : 'mock-agent-session-api',
      apiVersion: 'v1',
      component: 'aistio',
      experimental: false,
    }),
  )
}

/**
 * A probe of a session operation that no handler answers gets 404 `{"error":"not found"}`, as a
 * server without it does, instead of going unanswered. The mock implements every family it probes
 * today; listed last, so the handlers that implement them take precedence.
 */
export function createUnservedOperationHandlers(): HttpHandler[] {
  const notServed = () => json({ error: 'not found' }, { status: 404 })
  return ['trace', 'inputs', 'files', 'artifacts', 'checkpoints', 'subagents', 'budget'].map((operation) =>
    http.get(`*/api/v1/agent-sessions/:sessionId/${operation}`, notServed),
  )
}
