import { setupServer } from 'msw/node'
import { createMockBackend, type MockBackend, type MockOptions } from '../lib/backend'
import { createHandlers } from '../handlers'
import { createManualClock } from '../lib/clock'
import { seedControlPlane } from '../seed/seed-control-plane'
import { ContractValidator, loadSpec, type ValidationFailure } from './contract-validator'

/** Same fixed "now" as the full test backend, so seeded ages read the same everywhere. */
export const CONTROL_PLANE_TEST_NOW = Date.UTC(2026, 10, 1, 9, 0, 0)

/** Absolute URLs: msw/node matches them through the handlers' `*` base. */
export const ORIGIN = 'http://localhost'

let validator: ContractValidator | null = null
function contractValidator(): ContractValidator {
  validator ??= new ContractValidator([loadSpec('src/api/openapi.yaml', 'console')])
  return validator
}

export type CallOptions = {
  method?: string
  token?: string | null
  namespace?: string
  environmentKey?: string
  body?: unknown
  /** Sent verbatim instead of JSON-encoding `body`. */
  rawBody?: string
}

export type ControlPlaneHarness = {
  backend: MockBackend
  clock: ReturnType<typeof createManualClock>
  server: ReturnType<typeof setupServer>
  /** Every response checked against `src/api/openapi.yaml`; tests assert this stays empty. */
  contractFailures: ValidationFailure[]
  call: (path: string, options?: CallOptions) => Promise<Response>
  login: (username: 'admin' | 'alice' | 'bob') => Promise<string>
}

/**
 * A backend seeded with the control plane only (no session history, so it starts fast) on a manual
 * clock, served by the full handler set through msw/node; call `server.close()` after the test.
 */
export async function startControlPlane(options: Partial<MockOptions> = {}): Promise<ControlPlaneHarness> {
  const clock = createManualClock(CONTROL_PLANE_TEST_NOW)
  const backend = createMockBackend({ clock, options: { latencyMs: 0, ...options } })
  await seedControlPlane(backend)
  const server = setupServer(...createHandlers(backend))
  server.listen({ onUnhandledRequest: 'error' })
  const contractFailures: ValidationFailure[] = []

  const call = async (path: string, callOptions: CallOptions = {}): Promise<Response> => {
    const headers = new Headers()
    if (callOptions.token) headers.set('Authorization', `Bearer ${callOptions.token}`)
    if (callOptions.namespace) headers.set('X-AgentScope-Namespace', callOptions.namespace)
    if (callOptions.environmentKey) headers.set('X-Builder-Environment-Key', callOptions.environmentKey)
    let body: string | undefined = callOptions.rawBody
    if (body === undefined && callOptions.body !== undefined) {
      body = JSON.stringify(callOptions.body)
      headers.set('Content-Type', 'application/json')
    }
    const method = callOptions.method ?? 'GET'
    const response = await fetch(`${ORIGIN}${path}`, { method, headers, body })
    const text = await response.clone().text()
    contractFailures.push(
      ...contractValidator().validate(
        method,
        response.url || `${ORIGIN}${path}`,
        response.status,
        response.headers.get('Content-Type') ?? '',
        text,
      ),
    )
    return response
  }

  const login = async (username: 'admin' | 'alice' | 'bob'): Promise<string> => {
    const response = await call('/api/auth/login', { method: 'POST', body: { username, password: username } })
    const body = (await response.json()) as { token: string }
    return body.token
  }

  return { backend, clock, server, contractFailures, call, login }
}

/** The documented seed key of an environment (see seed-control-plane.ts). */
export function seededKey(environmentId: string): string {
  return `ek_seed_${environmentId}`
}
