import type { HttpHandler } from 'msw'
import type { components } from '@/api/schema.gen'
import type { MockBackend } from '../lib/backend'
import type { UserRecord } from '../db/types'
import { allowedActions, type ResourceAction } from '../lib/access'
import { bearerToken, isAdmin, mintToken, tokenFingerprint, verifyToken } from '../lib/auth'
import { http } from '../lib/openapi-http'
import { isResponse, resolveContext } from '../lib/request-context'
import { controlPlaneError, isRecord, readJsonBody } from '../lib/responses'

type Schemas = components['schemas']

function namespaceView(user: UserRecord, namespace: Schemas['Namespace']): Schemas['Namespace'] {
  return { ...namespace, roles: [...user.roles], canManage: isAdmin(user.roles) }
}

function resourceEntries(
  backend: MockBackend,
  user: UserRecord,
  namespace: string,
): Schemas['NamespaceResourceEntry'][] {
  const { db } = backend
  const entries: Schemas['NamespaceResourceEntry'][] = []
  const add = (
    kind: string,
    id: string,
    name: string,
    actions: ResourceAction[],
    dependencies: string[] | null,
  ) => {
    // Upstream lists only what the caller may inspect.
    if (actions.includes('inspect')) entries.push({ resource: { kind, id, name, dependencies }, actions })
  }
  for (const record of db.environments.values()) {
    if (record.namespace !== namespace || record.environment.archivedAt !== null) continue
    add('environment', record.environment.id, record.environment.name, allowedActions(user, record), null)
  }
  for (const record of db.agents.values()) {
    if (record.namespace !== namespace || record.agent.status === 'archived') continue
    const { defaultEnvironmentId, defaultMemoryStoreIds = [], defaultVaultIds = [] } = record.definition
    const dependencies = [
      ...(defaultEnvironmentId ? [`environment/${defaultEnvironmentId}`] : []),
      ...defaultMemoryStoreIds.map((id) => `memory/${id}`),
      ...defaultVaultIds.map((id) => `vault/${id}`),
    ]
    add('managed-agent', record.agent.id, record.definition.name, allowedActions(user, record), dependencies)
  }
  for (const record of db.memoryStores.values()) {
    if (record.namespace !== namespace || (record.store.archivedAt ?? null) !== null) continue
    add('memory', record.store.id, record.store.name, allowedActions(user, record), null)
  }
  for (const record of db.vaults.values()) {
    if (record.namespace !== namespace || (record.vault.archivedAt ?? null) !== null) continue
    add(
      'vault',
      record.vault.id,
      record.vault.displayName ?? record.vault.id,
      allowedActions(user, record),
      null,
    )
  }
  return entries
}

/**
 * Sign-in, the current user and the scope selector. `/auth/me`, `/auth/logout` and
 * `/me/namespaces` check the token only: a stale namespace header (say, left over from another
 * account) must not stop the console from finding out who is signed in and which namespaces exist.
 */
export function createIdentityHandlers(backend: MockBackend): HttpHandler[] {
  const authenticate = (request: Request): UserRecord | Response => {
    const token = bearerToken(request)
    const user = token ? verifyToken(backend.db, token, backend.clock.now()) : null
    return user ?? controlPlaneError(401, 'missing or invalid bearer token', { code: 'unauthorized' })
  }

  return [
    http.post('/api/auth/login', async ({ request, response }) => {
      const body = await readJsonBody(request)
      if (!body.ok || !isRecord(body.value))
        return response.untyped(controlPlaneError(400, 'invalid JSON body'))
      const { username, password } = body.value
      if (typeof username !== 'string' || !username || typeof password !== 'string' || !password) {
        return response.untyped(controlPlaneError(400, 'username and password required'))
      }
      const user = [...backend.db.users.values()].find((candidate) => candidate.username === username)
      if (!user || user.password !== password) {
        return response.untyped(controlPlaneError(401, 'invalid username or password'))
      }
      const token = mintToken(user, backend.clock.now())
      return response(200).json({
        token,
        userId: user.userId,
        username: user.username,
        roles: [...user.roles],
      })
    }),

    http.get('/api/auth/me', ({ request, response }) => {
      const user = authenticate(request)
      if (isResponse(user)) return response.untyped(user)
      return response(200).json({
        userId: user.userId,
        username: user.username,
        roles: [...user.roles],
        isAdmin: isAdmin(user.roles),
        aiAvailable: false,
      })
    }),

    http.post('/api/auth/logout', ({ request, response }) => {
      const user = authenticate(request)
      if (isResponse(user)) return response.untyped(user)
      const token = bearerToken(request)
      if (token) backend.db.revokedTokens.add(tokenFingerprint(token))
      return response(204).empty()
    }),

    http.get('/api/v1/me/scope', ({ request, response }) => {
      const context = resolveContext(backend, request)
      if (isResponse(context)) return response.untyped(context)
      const namespaces = backend.db.namespaces
        .filter((namespace) => context.user.namespaces.includes(namespace.name))
        .map((namespace) => namespaceView(context.user, namespace))
      return response(200).json({
        tenant: context.tenant,
        namespace: context.namespace,
        mode: namespaces.length > 1 ? 'multi' : 'single',
        selectorVisible: namespaces.length > 1,
        namespaces,
      })
    }),

    http.get('/api/v1/me/namespaces', ({ request, response }) => {
      const user = authenticate(request)
      if (isResponse(user)) return response.untyped(user)
      const items = backend.db.namespaces
        .filter((namespace) => user.namespaces.includes(namespace.name))
        .map((namespace) => namespaceView(user, namespace))
      return response(200).json({ items })
    }),

    http.get('/api/v1/namespaces/{ns}/resources', ({ request, params, response }) => {
      const context = resolveContext(backend, request)
      if (isResponse(context)) return response.untyped(context)
      // The path names the namespace; membership is checked the same way as for the header.
      const namespace = backend.db.namespaces.find((candidate) => candidate.name === params.ns)
      if (!namespace || !context.user.namespaces.includes(params.ns)) {
        return response.untyped(controlPlaneError(404, `namespace ${params.ns} not found`))
      }
      return response(200).json({
        items: resourceEntries(backend, context.user, params.ns),
        version: namespace.accessVersion ?? 1,
      })
    }),
  ]
}
