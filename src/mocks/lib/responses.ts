/**
 * The server answers errors in several shapes depending on the component; the mock reproduces
 * each one on the routes where upstream uses it, so the console's error handling is exercised.
 */
export type JsonInit = { status?: number; headers?: Record<string, string> }

export function json(body: unknown, init: JsonInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  })
}

export function noContent(): Response {
  return new Response(null, { status: 204 })
}

/** Go control plane (environments, agents, identity, memory, vaults): `{"error": "…"}`. */
export function controlPlaneError(
  status: number,
  message: string,
  extra: { code?: string; hint?: string } = {},
): Response {
  return json({ error: message, ...extra }, { status })
}

const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
}

/** Agent Session API (Spring): `{status, error, message, code, path}`. */
export function sessionApiError(request: Request, status: number, code: string, message: string): Response {
  return json(
    { status, error: reasonPhrases[status] ?? 'Error', message, code, path: new URL(request.url).pathname },
    { status },
  )
}

/** Older dataplane unified error, used on the worker protocol: `{type:"error", error:{type,code,message}}`. */
export function dataplaneError(status: number, code: string, message: string): Response {
  const types: Record<number, string> = {
    400: 'invalid_request_error',
    401: 'authentication_error',
    403: 'permission_error',
    404: 'not_found_error',
    409: 'conflict_error',
    429: 'rate_limit_error',
  }
  return json({ type: 'error', error: { type: types[status] ?? 'api_error', code, message } }, { status })
}

/** Some control-plane 400s are plain text (environment create: "name required"). */
export function plainTextError(status: number, message: string): Response {
  return new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

export async function readJsonBody(request: Request): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await request.text()
  if (!text.trim()) return { ok: true, value: undefined }
  try {
    return { ok: true, value: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
