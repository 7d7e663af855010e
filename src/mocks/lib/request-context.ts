import type { MockBackend } from './backend'
import type { UserRecord } from '../db/types'
import { bearerToken, verifyToken } from './auth'
import { controlPlaneError } from './responses'

export type RequestContext = { user: UserRecord; namespace: string; tenant: string }

/**
 * Resolves the caller and scope the way the control plane does: a valid Bearer token, then the
 * namespace from `X-AgentScope-Namespace` (falling back to the user's personal/default one). A
 * namespace the user holds no role in answers as not found, never revealing that it exists.
 */
export function resolveContext(backend: MockBackend, request: Request): RequestContext | Response {
  const token = bearerToken(request)
  const user = token ? verifyToken(backend.db, token, backend.clock.now()) : null
  if (!user) return controlPlaneError(401, 'missing or invalid bearer token', { code: 'unauthorized' })
  const requested = request.headers.get('X-AgentScope-Namespace')?.trim()
  const namespace = requested || user.namespaces[0] || 'default'
  if (!user.namespaces.includes(namespace)) return controlPlaneError(404, `namespace ${namespace} not found`)
  const tenant = backend.db.namespaces.find((ns) => ns.name === namespace)?.tenant ?? 'default'
  return { user, namespace, tenant }
}

export function isResponse(value: unknown): value is Response {
  return value instanceof Response
}
