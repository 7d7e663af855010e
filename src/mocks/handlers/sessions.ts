import type { HttpHandler } from 'msw'
import type { components } from '@/api/schema.gen'
import { isLocalAllowed, type MockBackend } from '../lib/backend'
import { sha256Hex } from '../lib/ids'
import { applyPage, parsePaging } from '../lib/paging'
import type { EnvironmentRecord, SessionRecord } from '../db/types'
import { isVisible } from '../lib/access'
import { notify } from '../lib/event-bus'
import { http } from '../lib/openapi-http'
import { isResponse, resolveContext, type RequestContext } from '../lib/request-context'
import { controlPlaneError, isRecord, json, readJsonBody, sessionApiError } from '../lib/responses'
import { createSessionRecord, sessionStatus } from '../lib/event-log'
import { createSessionViewHandlers } from './events'
import {
  archivedConflict,
  badRequest,
  busyConflict,
  conflict,
  denyViewer,
  findSession,
  findSessionForChange,
  pageOf,
} from './session-common'
import { createTurnHandlers } from './turns'
import { createInputHandlers } from './inputs'

type Schemas = components['schemas']
type Session = Schemas['Session']

const CREATE_KEYS = new Set([
  'agent',
  'environmentId',
  'memoryStoreIds',
  'vaultIds',
  'externalKey',
  'agentOverrides',
  'resources',
])
const UPDATE_KEYS = new Set(['environmentId', 'memoryStoreIds', 'vaultIds', 'agentOverrides'])
const OVERRIDE_KEYS = new Set(['system', 'model', 'maxIters', 'name', 'description'])

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((entry) => typeof entry === 'string')

function unknownKeys(body: Record<string, unknown>, allowed: ReadonlySet<string>): string[] {
  return Object.keys(body).filter((key) => !allowed.has(key))
}

/**
 * Applies `agentOverrides` (null removes a key) to the stored JSON; throws a validation message.
 * No overrides read as `""`, as upstream answers `agentOverridesJson`.
 */
function mergeOverrides(current: string | null | undefined, patch: unknown): string {
  if (!isRecord(patch)) throw new Error('agentOverrides must be an object')
  const unknown = unknownKeys(patch, OVERRIDE_KEYS)
  if (unknown.length > 0) throw new Error(`agentOverrides may only set ${[...OVERRIDE_KEYS].join(', ')}`)
  const merged: Record<string, unknown> = current ? (JSON.parse(current) as Record<string, unknown>) : {}
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return Object.keys(merged).length > 0 ? JSON.stringify(merged) : ''
}

export function createSessionHandlers(backend: MockBackend): HttpHandler[] {
  const { db } = backend

  /**
   * An environment a session may be bound to: visible in the caller's namespace (404 otherwise),
   * not archived and not a local environment the deployment disabled (400, as the binding code does).
   */
  const checkEnvironment = (request: Request, context: RequestContext, id: unknown): string | Response => {
    if (typeof id !== 'string' || id.trim() === '') {
      return badRequest(request, 'environmentId must be a non-empty string')
    }
    const env = db.environments.get(id)
    if (!env || !isVisible(context, env)) {
      return sessionApiError(request, 404, 'environment_not_found', `environment ${id} not found`)
    }
    if (env.environment.archivedAt !== null) {
      return sessionApiError(request, 400, 'environment_archived', `environment ${id} is archived`)
    }
    if (env.environment.type === 'local' && !isLocalAllowed(backend)) {
      return sessionApiError(
        request,
        400,
        'local_environment_disabled',
        'local environments are disabled by deployment policy',
      )
    }
    return id
  }

  const checkMounts = (
    request: Request,
    context: RequestContext,
    body: Record<string, unknown>,
  ): Response | null => {
    for (const [field, catalog] of [
      ['memoryStoreIds', db.memoryStores],
      ['vaultIds', db.vaults],
    ] as const) {
      const ids = body[field]
      if (ids === undefined) continue
      if (!isStringArray(ids)) return badRequest(request, `${field} must be an array of strings`)
      const missing = ids.find((id) => {
        const entry = catalog.get(id)
        return !entry || !isVisible(context, entry)
      })
      if (missing) {
        return sessionApiError(request, 404, 'resource_not_found', `${field}: ${missing} not found`)
      }
    }
    return null
  }

  /**
   * Upstream resolveDefaultEnvironmentID when neither the request nor the agent names one: the
   * latest deployment's environment (the mock has no deployments), else the caller's oldest
   * environment, else a new `default-local` one (as the official console's ensureDefaultEnvironment).
   */
  const serverDefaultEnvironment = async (context: RequestContext): Promise<EnvironmentRecord> => {
    const owner = resourceOwner(context)
    const oldest = [...db.environments.values()]
      .filter(
        (record) =>
          record.environment.ownerId === owner &&
          record.environment.archivedAt === null &&
          isVisible(context, record),
      )
      .sort((a, b) => a.environment.createdAt - b.environment.createdAt)[0]
    if (oldest) return oldest
    const now = backend.clock.now()
    const record: EnvironmentRecord = {
      namespace: context.namespace,
      isRestricted: false,
      environment: {
        id: backend.ids('env'),
        name: 'default-local',
        type: 'local',
        config: null,
        ownerId: owner,
        createdAt: now,
        updatedAt: now,
        archivedAt: null,
      },
      keyHash: await sha256Hex(backend.ids('ek')),
      keyIssuedAt: now,
    }
    db.environments.set(record.environment.id, record)
    return record
  }

  /** Who owns what the caller creates here: the user in a personal namespace, else the namespace's partition. */
  const resourceOwner = (context: RequestContext): string => {
    const namespace = db.namespaces.find((candidate) => candidate.name === context.namespace)
    return namespace?.kind === 'personal'
      ? context.user.userId
      : `namespace:${context.tenant}:${context.namespace}`
  }

  const createSession = async (
    request: Request,
    context: RequestContext,
    body: Record<string, unknown>,
  ): Promise<Session | Response> => {
    const extra = unknownKeys(body, CREATE_KEYS)
    if (extra.length > 0) return badRequest(request, `unknown field(s): ${extra.join(', ')}`)
    const reference = body.agent
    const agentId = typeof reference === 'string' ? reference : isRecord(reference) ? reference.id : undefined
    if (typeof agentId !== 'string' || agentId.trim() === '') {
      return badRequest(request, 'agent must be an agent id or {id}')
    }
    const agent = db.agents.get(agentId)
    if (!agent || !isVisible(context, agent)) {
      return sessionApiError(request, 404, 'agent_not_found', `agent ${agentId} not found`)
    }
    if (agent.agent.status === 'archived') {
      return conflict(request, 'agent_archived', `agent ${agentId} is archived`)
    }
    const pinned = isRecord(reference) ? reference.version : undefined
    if (
      pinned !== undefined &&
      (typeof pinned !== 'number' || !agent.versions.some((version) => version.version === pinned))
    ) {
      return badRequest(request, `agent ${agentId} has no definition version ${JSON.stringify(pinned)}`)
    }
    const { definition } = agent
    const isInherited = body.environmentId === undefined
    const inherited = definition.defaultEnvironmentId ?? null
    // Without an explicit pick or an agent default, the server chooses (and says so in the answer).
    const chosen = isInherited && inherited === null ? await serverDefaultEnvironment(context) : null
    const environmentId = checkEnvironment(
      request,
      context,
      chosen ? chosen.environment.id : isInherited ? inherited : body.environmentId,
    )
    if (isResponse(environmentId)) return environmentId
    const mounts = checkMounts(request, context, body)
    if (mounts) return mounts
    if (body.externalKey !== undefined && typeof body.externalKey !== 'string') {
      return badRequest(request, 'externalKey must be a string')
    }
    if (body.resources !== undefined && !(Array.isArray(body.resources) && body.resources.every(isRecord))) {
      return badRequest(request, 'resources must be an array of objects')
    }
    let overrides = ''
    try {
      if (body.agentOverrides !== undefined) overrides = mergeOverrides(null, body.agentOverrides)
    } catch (error) {
      return badRequest(request, error instanceof Error ? error.message : 'invalid agentOverrides')
    }

    const now = backend.clock.now()
    const env = environmentId === undefined ? undefined : db.environments.get(environmentId)
    const session: Session = {
      id: backend.ids('sess'),
      ownerId: context.user.userId,
      agentId,
      agentOwnerId: context.user.userId,
      agentVersion: typeof pinned === 'number' ? pinned : definition.version,
      agentRefType: typeof pinned === 'number' ? 'version' : 'latest',
      agentOverridesJson: overrides,
      environmentId,
      externalKey: typeof body.externalKey === 'string' ? body.externalKey : null,
      memoryStoreIds: isStringArray(body.memoryStoreIds)
        ? [...body.memoryStoreIds]
        : [...(definition.defaultMemoryStoreIds ?? [])],
      vaultIds: isStringArray(body.vaultIds) ? [...body.vaultIds] : [...(definition.defaultVaultIds ?? [])],
      resources: Array.isArray(body.resources) ? body.resources.filter(isRecord) : [],
      status: 'created',
      stopReason: null,
      createdAt: now,
      updatedAt: now,
      archivedAt: null,
      // A server-chosen environment has no recorded source: the console infers it.
      ...(chosen
        ? {}
        : { environmentSource: isInherited ? ('agent_default' as const) : ('explicit' as const) }),
      environmentChangedAt: null,
      lastActivityAt: now,
    }
    const record = createSessionRecord(session, {
      namespace: context.namespace,
      isRestricted: agent.isRestricted || (env?.isRestricted ?? false),
    })
    db.sessions.set(session.id, record)
    sessionStatus(record, 'created', now)
    sessionStatus(record, 'idle', now)
    return session
  }

  const updateSession = (
    request: Request,
    context: RequestContext,
    record: SessionRecord,
    body: unknown,
  ): Response | null => {
    if (!isRecord(body) || Object.keys(body).length === 0) {
      return badRequest(
        request,
        'send at least one of environmentId, memoryStoreIds, vaultIds, agentOverrides',
      )
    }
    const extra = unknownKeys(body, UPDATE_KEYS)
    if (extra.length > 0) return badRequest(request, `unknown field(s): ${extra.join(', ')}`)
    const blocked =
      archivedConflict(request, record) ?? busyConflict(backend, request, record, 'change the session', true)
    if (blocked) return blocked
    const environmentId =
      body.environmentId === undefined ? undefined : checkEnvironment(request, context, body.environmentId)
    if (isResponse(environmentId)) return environmentId
    const mounts = checkMounts(request, context, body)
    if (mounts) return mounts
    let overrides = record.session.agentOverridesJson ?? ''
    try {
      if (body.agentOverrides !== undefined) overrides = mergeOverrides(overrides, body.agentOverrides)
    } catch (error) {
      return badRequest(request, error instanceof Error ? error.message : 'invalid agentOverrides')
    }

    const now = backend.clock.now()
    const { session } = record
    if (environmentId !== undefined && environmentId !== session.environmentId) {
      // Working files stay behind in the old environment; the console says so next to this field.
      session.environmentId = environmentId
      session.environmentSource = 'changed'
      session.environmentChangedAt = now
    }
    if (isStringArray(body.memoryStoreIds)) session.memoryStoreIds = [...body.memoryStoreIds]
    if (isStringArray(body.vaultIds)) session.vaultIds = [...body.vaultIds]
    session.agentOverridesJson = overrides
    session.updatedAt = now
    return null
  }

  /**
   * The caller's own sessions only, whatever the namespace; filtered by `status` (default active)
   * and `agentId` alone (an `environmentId` query is ignored, as upstream), newest update first.
   */
  const listSessions = (request: Request, context: RequestContext): Session[] | Response => {
    const params = new URL(request.url).searchParams
    const status = (params.get('status') ?? 'active').trim().toLowerCase() || 'active'
    if (status !== 'active' && status !== 'archived' && status !== 'all') {
      return controlPlaneError(400, 'status must be active, archived, or all')
    }
    const agentId = params.get('agentId')
    return [...db.sessions.values()]
      .map((record) => record.session)
      .filter((session) => {
        if (session.ownerId !== context.user.userId) return false
        const isArchived = session.archivedAt !== null && session.archivedAt !== undefined
        if (status === 'active' && isArchived) return false
        if (status === 'archived' && !isArchived) return false
        return !agentId || session.agentId === agentId
      })
      .sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id))
  }

  /**
   * Archive needs an active session and restore an archived one (404 otherwise, as the update
   * finds no row); neither waits for running work. Archive sets status `archived`, restore `active`.
   */
  const setArchived = (request: Request, sessionId: string, isArchiving: boolean): Session | Response => {
    const access = findSessionForChange(backend, request, sessionId)
    if (isResponse(access)) return access
    const { record } = access
    const isArchived = record.session.archivedAt !== null && record.session.archivedAt !== undefined
    if (isArchived === isArchiving) {
      return sessionApiError(request, 404, 'session_not_found', `session ${sessionId} not found`)
    }
    const now = backend.clock.now()
    record.session.archivedAt = isArchiving ? now : null
    record.session.updatedAt = now
    if (isArchiving) sessionStatus(record, 'archived', now)
    else record.session.status = 'active'
    return record.session
  }

  return [
    http.get('/api/v1/agent-sessions', ({ request, response }) => {
      const context = resolveContext(backend, request)
      if (isResponse(context)) return response.untyped(context)
      const page = parsePaging(new URL(request.url))
      if (isResponse(page)) return response.untyped(controlPlaneError(400, 'invalid limit/offset'))
      const sessions = listSessions(request, context)
      if (isResponse(sessions)) return response.untyped(sessions)
      const headers = { 'X-Total-Count': String(sessions.length) }
      if (backend.options.apiVariant === 'docs') {
        const body = pageOf(sessions, { limit: page.limit ?? sessions.length, offset: page.offset })
        return response.untyped(json(body, { headers }))
      }
      return response(200).json(applyPage(sessions, page), { headers })
    }),

    http.post('/api/v1/agent-sessions', async ({ request, response }) => {
      const context = resolveContext(backend, request)
      if (isResponse(context)) return response.untyped(context)
      const denied = denyViewer(request, context)
      if (denied) return response.untyped(denied)
      // No Idempotency-Key here: the lifecycle create reads none, so a retried create is a second session.
      const body = await readJsonBody(request)
      if (!body.ok || !isRecord(body.value)) {
        return response.untyped(badRequest(request, 'body must be a JSON object'))
      }
      const session = await createSession(request, context, body.value)
      if (isResponse(session)) return response.untyped(session)
      return response(200).json(session)
    }),

    http.get('/api/v1/agent-sessions/{session}', ({ request, params, response }) => {
      const access = findSession(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      return response(200).json(access.record.session)
    }),

    http.patch('/api/v1/agent-sessions/{session}', async ({ request, params, response }) => {
      const access = findSessionForChange(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      const body = await readJsonBody(request)
      if (!body.ok) return response.untyped(badRequest(request, 'body must be JSON'))
      const failed = updateSession(request, access.context, access.record, body.value)
      if (failed) return response.untyped(failed)
      return response(200).json(access.record.session)
    }),

    http.delete('/api/v1/agent-sessions/{session}', ({ request, params, response }) => {
      const access = findSessionForChange(backend, request, params.session)
      if (isResponse(access)) return response.untyped(access)
      // No busy check upstream: a running turn does not stop the delete.
      db.sessions.delete(params.session)
      // Streams following the session notice it is gone and end.
      notify(access.record)
      return response(204).empty()
    }),

    http.post('/api/v1/agent-sessions/{session}/archive', ({ request, params, response }) => {
      const session = setArchived(request, params.session, true)
      return isResponse(session) ? response.untyped(session) : response(200).json(session)
    }),

    http.post('/api/v1/agent-sessions/{session}/restore', ({ request, params, response }) => {
      const session = setArchived(request, params.session, false)
      return isResponse(session) ? response.untyped(session) : response(200).json(session)
    }),

    ...createTurnHandlers(backend),
    ...createInputHandlers(backend),
    ...createSessionViewHandlers(backend),
  ]
}
