import { setupServer, type SetupServer } from 'msw/node'
import { createMockBackend, type MockBackend, type MockOptions } from '../lib/backend'
import { installEngine, type Engine } from '../engine/install-engine'
import { createManualScheduler, type ManualScheduler } from '../engine/scheduler'
import { createHandlers } from '../handlers'
import type { TestEngineOptions } from '../node'
import { mintToken } from '../lib/auth'
import { createManualClock } from '../lib/clock'
import { seed } from '../seed'
import { virtualWorkerSpecs } from '../seed/demo-workers'
import { USERS } from '../seed/fixture-ids'
import { ContractValidator, loadSpec, type ValidationFailure } from './contract-validator'
import { CONTROL_PLANE_TEST_NOW, ORIGIN } from './control-plane-server'
import { loadUpstreamSpecs } from './upstream-spec'

export { ORIGIN }

let validator: ContractValidator | null = null
/**
 * Our contract and, when UPSTREAM_SPEC_DIR holds it, the upstream agent-api spec for the session
 * routes it declares (served under /api/v1).
 */
function contractValidator(): ContractValidator {
  if (!validator) {
    const upstream = loadUpstreamSpecs()
    validator = upstream
      ? new ContractValidator(
          [loadSpec('src/api/openapi.yaml', 'console'), upstream.openapi],
          // The upstream PublicEvent is `$ref: ./public-event-v1.schema.json`.
          [upstream.eventSibling],
        )
      : new ContractValidator([loadSpec('src/api/openapi.yaml', 'console')])
  }
  return validator
}

/** An event against our PublicEvent and, when present, the upstream event schema; null when valid. */
export function validatePublicEvent(event: unknown): string | null {
  return (
    contractValidator().validateComponent('console', 'PublicEvent', event) ??
    loadUpstreamSpecs()?.validateEvent(event) ??
    null
  )
}

/** A response's JSON body, read as the type the test expects of it. */
export const readJson = async <T>(response: Response): Promise<T> => (await response.json()) as T

export type SessionCall = {
  method?: string
  /** Who calls: a seeded user (default alice, a developer). */
  as?: keyof typeof USERS
  namespace?: string
  body?: unknown
  headers?: Record<string, string>
  /** Aborting it ends the request; event streams need it to close at once (see `open`). */
  signal?: AbortSignal
}

export type SessionHarness = {
  backend: MockBackend
  clock: ReturnType<typeof createManualClock>
  server: SetupServer
  /** Every JSON response checked against both specs; tests assert this stays empty. */
  contractFailures: ValidationFailure[]
  call: (path: string, options?: SessionCall) => Promise<Response>
  /**
   * Opens an event stream without reading it (an SSE body never ends, so it is not validated).
   * msw/node tees mocked responses, so cancelling only the body cannot reach the server until its
   * next write; abort the request's signal to close the stream at once, as the console does.
   */
  open: (path: string, options?: SessionCall) => Promise<Response>
  /** Drives the engine's (and the virtual workers') time; the engine runs only with the `engine` option. */
  scheduler: ManualScheduler
  engine: Engine | null
}

/**
 * The whole seeded backend (control plane + sessions) on a manual clock, served by msw/node with
 * every handler. Call `server.close()` after the test. A small large-session keeps tests fast
 * unless a test needs the real size.
 */
export async function startSessionBackend(
  init: { largeSessionEvents?: number; options?: Partial<MockOptions>; engine?: TestEngineOptions } = {},
): Promise<SessionHarness> {
  const clock = createManualClock(CONTROL_PLANE_TEST_NOW)
  const backend = createMockBackend({ clock, options: { latencyMs: 0, ...init.options } })
  const largeSessionEvents = init.largeSessionEvents ?? 300
  await seed(backend, { largeSessionEvents })
  const scheduler = createManualScheduler(clock)
  const engine = init.engine
    ? installEngine(backend, {
        reseed: (target) => seed(target, { largeSessionEvents }),
        ...init.engine,
        virtualWorkers: virtualWorkerSpecs(init.engine.virtualWorkers),
        scheduler,
      })
    : null
  const server = setupServer(...createHandlers(backend))
  server.listen({ onUnhandledRequest: 'error' })
  const contractFailures: ValidationFailure[] = []

  const request = (path: string, options: SessionCall): Promise<Response> => {
    const user = backend.db.users.get(USERS[options.as ?? 'alice'].userId)
    if (!user) throw new Error('seeded user missing')
    const headers = new Headers(options.headers)
    headers.set('Authorization', `Bearer ${mintToken(user, clock.now())}`)
    if (options.namespace) headers.set('X-AgentScope-Namespace', options.namespace)
    let body: string | Uint8Array<ArrayBuffer> | undefined
    if (options.body instanceof Uint8Array) {
      // Raw bytes (a file upload) keep the Content-Type the test gave them.
      body = options.body as Uint8Array<ArrayBuffer>
    } else if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
      headers.set('Content-Type', 'application/json')
    }
    return fetch(`${ORIGIN}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    })
  }

  const call = async (path: string, options: SessionCall = {}): Promise<Response> => {
    const response = await request(path, options)
    const text = await response.clone().text()
    const method = options.method ?? 'GET'
    const failures = contractValidator().validate(
      method,
      `${ORIGIN}${path}`,
      response.status,
      response.headers.get('Content-Type') ?? '',
      text,
    )
    // Paged lists ({items, next_offset}) are the newest docs' shape, which spec 1.0.0 does not know:
    // turns with limit/offset, and the session list in the docs variant.
    const isPagedList =
      (/[?&](limit|offset)=/.test(path) && /\/turns(\?|$)/.test(path)) ||
      (backend.options.apiVariant === 'docs' && /\/agent-sessions(\?|$)/.test(path))
    contractFailures.push(...failures.filter((failure) => !(isPagedList && failure.spec === 'upstream')))
    return response
  }

  return {
    backend,
    clock,
    server,
    contractFailures,
    call,
    open: (path, options = {}) => request(path, options),
    scheduler,
    engine,
  }
}
