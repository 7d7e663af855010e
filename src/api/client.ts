import createClient, { type Client, type Middleware } from 'openapi-fetch'
import { apiErrorFromResponse, networkError, type ApiError } from './api-error'
import { fetchWithSafeRetry } from './safe-retry'
import type { paths } from './schema.gen'
import { createRequestId } from '@/lib/request-id'

export type ApiScope = { tenant: string | null; namespace: string | null }

/** What the client needs from the signed-in user; the identity feature provides it at start-up. */
export type ApiCredentials = {
  getToken: () => string | null
  getScope: () => ApiScope
  /** Called once per 401 answer so the app can send the user to sign in. */
  onUnauthorized?: (error: ApiError) => void
}

export type ApiClient = Client<paths>

const REQUEST_ID_HEADER = 'X-Request-Id'

let credentials: ApiCredentials = {
  getToken: () => null,
  getScope: () => ({ tenant: null, namespace: null }),
}

export function setApiCredentials(next: ApiCredentials) {
  credentials = next
}

const contextMiddleware: Middleware = {
  onRequest({ request }) {
    request.headers.set(REQUEST_ID_HEADER, createRequestId())
    // Worker-protocol calls carry an environment key instead; never add a user token to them.
    const token = credentials.getToken()
    if (token && !request.headers.has('X-Builder-Environment-Key') && !request.headers.has('Authorization')) {
      request.headers.set('Authorization', `Bearer ${token}`)
    }
    const scope = credentials.getScope()
    if (scope.tenant) request.headers.set('X-AgentScope-Tenant', scope.tenant)
    if (scope.namespace) request.headers.set('X-AgentScope-Namespace', scope.namespace)
    return request
  },
  async onResponse({ request, response }) {
    if (response.ok) return response
    const error = await apiErrorFromResponse(response, request.headers.get(REQUEST_ID_HEADER) ?? undefined)
    if (error.status === 401) credentials.onUnauthorized?.(error)
    throw error
  },
  onError({ request, error }) {
    return networkError(error, request.headers.get(REQUEST_ID_HEADER) ?? undefined)
  },
}

function createApiClient(baseUrl: string): ApiClient {
  // openapi-fetch captures `fetch` when the client is created; calling through globalThis lets
  // MSW (tests, demo) patch it later.
  const client = createClient<paths>({
    baseUrl,
    fetch: (request) => fetchWithSafeRetry(request, (attempt) => globalThis.fetch(attempt)),
  })
  client.use(contextMiddleware)
  return client
}

let current: ApiClient = createApiClient(
  typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
)
let currentBaseUrl = ''

/** Points every query at the configured Gateway (or the same origin, where the mock answers). */
export function configureApi(baseUrl: string) {
  currentBaseUrl = baseUrl
  current = createApiClient(baseUrl)
}

export function api(): ApiClient {
  return current
}

export function apiBaseUrl(): string {
  return currentBaseUrl || (typeof window === 'undefined' ? 'http://localhost' : window.location.origin)
}
