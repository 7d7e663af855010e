import { ApiError, networkError } from './api-error'
import { isSafelyRetryable } from './idempotent-request'
import type { paths } from './schema.gen'
import { t } from '@/i18n'
import { createRequestId } from '@/lib/request-id'

export type ApiScope = { tenant: string | null; namespace: string | null }

/** What the client needs from the signed-in user; the identity feature provides it at start-up. */
export type ApiCredentials = {
  getToken: () => string | null
  getScope: () => ApiScope
  /** Called once per 401 answer so the app can send the user to sign in. */
  onUnauthorized?: (error: ApiError) => void
}

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete'
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>
/** The paths that declare the method. */
type PathsFor<M extends Method> = {
  [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P
}[keyof paths]

type ParamsOf<O> = O extends { parameters: infer P } ? P : never
// `params` is required exactly when the operation has a required part (a path parameter, a
// required header such as Idempotency-Key).
type ParamsOption<O> = object extends ParamsOf<O> ? { params?: ParamsOf<O> } : { params: ParamsOf<O> }

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : never
/** A raw upload (`application/octet-stream`) is sent as the bytes themselves, typed by the caller. */
type RawContent<T> = T extends { content: { 'application/octet-stream': unknown } } ? Blob : never
type BodyOption<O> = O extends { requestBody: infer R }
  ? { body: JsonContent<R> | RawContent<R> }
  : O extends { requestBody?: infer R }
    ? [NonNullable<R>] extends [never]
      ? { body?: never }
      : { body?: JsonContent<NonNullable<R>> }
    : { body?: never }

export type RequestOptions<O> = ParamsOption<O> &
  BodyOption<O> & {
    /** Extra request headers; the scope, token and request id are added by the client. */
    headers?: Record<string, string>
    signal?: AbortSignal
    /** 'stream' leaves the body unread for the caller (`response.body`), as for server-sent events. */
    parseAs?: 'json' | 'stream'
  }

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 206
/** The JSON body of the operation's success answers; `undefined` for one without a body (204). */
type DataOf<O> = O extends { responses: infer R }
  ? {
      [S in keyof R]: S extends SuccessStatus
        ? R[S] extends { content: { 'application/json': infer D } }
          ? D
          : undefined
        : never
    }[keyof R]
  : never

/**
 * A successful answer (any other is thrown as an ApiError). The body is typed by the contract but
 * not checked: src/api/response-guards.ts checks what the screens rely on.
 */
export type ApiResult<O> = { data: DataOf<O> | undefined; response: Response }

type Init<O> = object extends RequestOptions<O> ? [options?: RequestOptions<O>] : [options: RequestOptions<O>]

type Call<M extends Method> = <P extends PathsFor<M>>(
  path: P,
  ...init: Init<Operation<P, M>>
) => Promise<ApiResult<Operation<P, M>>>

export type ApiClient = {
  GET: Call<'get'>
  PUT: Call<'put'>
  POST: Call<'post'>
  PATCH: Call<'patch'>
  DELETE: Call<'delete'>
}

/** What a call may carry, before the contract's types narrow it per operation. */
export type LooseOptions = {
  params?: {
    path?: Record<string, string | number | boolean | undefined>
    query?: Record<string, QueryValue>
    header?: Record<string, string | number | boolean | undefined>
    cookie?: undefined
  }
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  parseAs?: 'json' | 'stream'
}
type Primitive = string | number | boolean
type QueryValue = Primitive | readonly Primitive[] | null | undefined

const REQUEST_ID_HEADER = 'X-Request-Id'

let credentials: ApiCredentials = {
  getToken: () => null,
  getScope: () => ({ tenant: null, namespace: null }),
}

export function setApiCredentials(next: ApiCredentials) {
  credentials = next
}

let wordsReady: Promise<unknown> = Promise.resolve()

/**
 * Answers are read only once `ready` settles: failures are described (and decoders complain) in
 * the user's language, so at start-up the first screen's requests can leave before the shell's
 * strings are in, and only their answers wait for them. Nothing can be shown before the strings
 * anyway; a request no longer waits for a download it does not need.
 */
export function readAnswersAfter(ready: Promise<unknown>) {
  wordsReady = ready.catch(() => undefined)
}

let readsHeld: Promise<unknown> | null = null

/**
 * Reads (GET) asked for before `until` settles leave after it. At start-up the first screen's own
 * requests have already left (see prefetchFirstRoute) and the page's first commit asks for the
 * rest from its effects: building and sending those requests in that task (tens of ms for a
 * session page's ten or so) would hold back the paint of content that is already there.
 */
export function holdReadsUntil(until: Promise<unknown>) {
  const held = until.catch(() => undefined)
  readsHeld = held
  void held.then(() => {
    if (readsHeld === held) readsHeld = null
  })
}

/** `{name}` segments filled in, each value percent-encoded as one path segment. */
export function fillPath(template: string, values: LooseOptions['params'] = {}): string {
  return template.replace(/\{([^{}]+)\}/g, (segment, name: string) => {
    const value = values.path?.[name]
    return value === undefined ? segment : encodeURIComponent(value)
  })
}

/**
 * `a=1&b=x%20y`, in the order given; an array repeats its name (`tag=a&tag=b`, the OpenAPI default
 * for query arrays). Absent values (undefined, null, an empty array) are left out.
 */
export function queryString(query: Record<string, QueryValue> = {}): string {
  const pairs: string[] = []
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    const values: readonly Primitive[] = Array.isArray(value) ? value : [value as Primitive]
    for (const item of values) pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(item)}`)
  }
  return pairs.join('&')
}

function requestHeaders(options: LooseOptions): Headers {
  const headers = new Headers()
  // A Blob carries its own type (the caller's Content-Type header, or the Blob's) and is not JSON.
  if (options.body !== undefined && !(options.body instanceof Blob)) {
    headers.set('Content-Type', 'application/json')
  }
  for (const extra of [options.headers, options.params?.header]) {
    for (const [name, value] of Object.entries(extra ?? {})) {
      if (value !== undefined) headers.set(name, String(value))
    }
  }
  headers.set(REQUEST_ID_HEADER, createRequestId())
  // Worker-protocol calls carry an environment key instead; never add a user token to them.
  const token = credentials.getToken()
  if (token && !headers.has('X-Builder-Environment-Key') && !headers.has('Authorization')) {
    headers.set('Authorization', `Bearer ${token}`)
  }
  const scope = credentials.getScope()
  if (scope.tenant) headers.set('X-AgentScope-Tenant', scope.tenant)
  if (scope.namespace) headers.set('X-AgentScope-Namespace', scope.namespace)
  return headers
}

function requestBody(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined
  return body instanceof Blob ? body : JSON.stringify(body)
}

/** The body of a successful answer: JSON when there is one, nothing for 204 or an empty body. */
async function readData(response: Response, parseAs: LooseOptions['parseAs']) {
  if (parseAs === 'stream' || response.status === 204) return undefined
  const raw = await response.text()
  return raw ? (JSON.parse(raw) as unknown) : undefined
}

// Through globalThis on every call, so MSW (tests, the demo) can patch fetch after start-up.
const sendOnce = (request: Request) => globalThis.fetch(request)

/**
 * Sends the request; a mutation the server lets us repeat is re-sent when its answer is lost.
 * The retry loop loads with the first such mutation (the first screen sends none); if it cannot
 * be downloaded the request is sent once, like every other request.
 */
async function transmit(request: Request): Promise<Response> {
  if (!isSafelyRetryable(request)) return sendOnce(request)
  const retry = await import('./safe-retry').catch(() => undefined)
  return retry ? retry.fetchWithSafeRetry(request, sendOnce) : sendOnce(request)
}

/**
 * A refused call as an ApiError. Reading the body (the shapes servers and proxies send) loads with
 * the first refusal, not with the first screen; should that download fail, the status still tells
 * the screen what happened.
 */
async function refusal(response: Response, requestId: string | undefined): Promise<ApiError> {
  const reader = await import('./error-body').catch(() => undefined)
  if (reader) return reader.apiErrorFromResponse(response, requestId)
  return new ApiError({ status: response.status, message: t('ui.apiError.fallback'), requestId })
}

/** One call: the request as the contract describes it, with the signed-in user's headers. */
export async function send(
  baseUrl: string,
  method: string,
  path: string,
  options: LooseOptions = {},
): Promise<{ data: unknown; response: Response }> {
  if (readsHeld && method === 'GET') await readsHeld
  const search = queryString(options.params?.query)
  const url = `${baseUrl.replace(/\/+$/, '')}${fillPath(path, options.params)}${search ? `?${search}` : ''}`
  const request = new Request(url, {
    method,
    headers: requestHeaders(options),
    body: requestBody(options.body),
    signal: options.signal,
    redirect: 'follow',
  })
  const requestId = request.headers.get(REQUEST_ID_HEADER) ?? undefined
  let response: Response
  try {
    response = await transmit(request)
  } catch (error) {
    await wordsReady
    throw networkError(error, requestId)
  }
  await wordsReady
  if (!response.ok) {
    const error = await refusal(response, requestId)
    if (error.status === 401) credentials.onUnauthorized?.(error)
    throw error
  }
  return { data: await readData(response, options.parseAs), response }
}

function createApiClient(baseUrl: string): ApiClient {
  const call =
    (method: string) =>
    (path: string, options?: LooseOptions): Promise<{ data: unknown; response: Response }> =>
      send(baseUrl, method, path, options)
  // The contract's types describe each call; the implementation is the same for all of them.
  return {
    GET: call('GET'),
    PUT: call('PUT'),
    POST: call('POST'),
    PATCH: call('PATCH'),
    DELETE: call('DELETE'),
  } as unknown as ApiClient
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
