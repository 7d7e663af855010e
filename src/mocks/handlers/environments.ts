import type { HttpHandler } from 'msw'
import type { components } from '@/api/schema.gen'
import { isLocalAllowed, LOCAL_DISABLED_MESSAGE, type MockBackend } from '../lib/backend'
import type { EnvironmentRecord } from '../db/types'
import { isVisible, roleDenied } from '../lib/access'
import { canWrite } from '../lib/auth'
import { sha256Hex } from '../lib/ids'
import { http } from '../lib/openapi-http'
import { applyPage, parsePaging } from '../lib/paging'
import { isResponse, resolveContext, type RequestContext } from '../lib/request-context'
import { controlPlaneError, isRecord, plainTextError, readJsonBody } from '../lib/responses'

type Schemas = components['schemas']
type EnvironmentType = Schemas['EnvironmentType']

const ENVIRONMENT_TYPES: readonly EnvironmentType[] = ['local', 'sandbox', 'remote', 'self_hosted']

function parseType(value: unknown): EnvironmentType | null {
  // Upstream compares lower-cased and treats a missing type as `local`.
  if (value === undefined) return 'local'
  if (typeof value !== 'string') return null
  const lowered = value.trim().toLowerCase()
  return ENVIRONMENT_TYPES.find((type) => type === lowered) ?? null
}

const MEMORY_ACCESS = new Set(['read_only', 'read_write'])

/** `config.memoryAccess`, when present, maps memory store ids to `read_only` or `read_write` (400 otherwise). */
function memoryAccessProblem(config: unknown): string | null {
  if (!isRecord(config) || config.memoryAccess === undefined) return null
  const access = config.memoryAccess
  if (!isRecord(access)) return 'memoryAccess must map memory store ids to read_only or read_write'
  const bad = Object.entries(access).find(
    ([, value]) => typeof value !== 'string' || !MEMORY_ACCESS.has(value),
  )
  return bad ? `memoryAccess for ${bad[0]} must be read_only or read_write` : null
}

function notFound(id: string): Response {
  return controlPlaneError(404, `environment ${id} not found`)
}

/** A new one-time key: only its hash is kept, the caller sees the key in this response only. */
async function issueKey(backend: MockBackend, record: EnvironmentRecord): Promise<string> {
  const key = backend.ids('ek')
  record.keyHash = await sha256Hex(key)
  record.keyIssuedAt = backend.clock.now()
  return key
}

export function createEnvironmentHandlers(backend: MockBackend): HttpHandler[] {
  const { db } = backend

  /** 404 for absent, other-namespace and (for viewers) restricted environments alike. */
  const find = (context: RequestContext, id: string): EnvironmentRecord | Response => {
    const record = db.environments.get(id)
    return record && isVisible(context, record) ? record : notFound(id)
  }

  /** Every mutation: a visible environment and a role that may configure resources. */
  const findForEdit = (
    request: Request,
    id: string,
  ): { context: RequestContext; record: EnvironmentRecord } | Response => {
    const context = resolveContext(backend, request)
    if (isResponse(context)) return context
    const record = find(context, id)
    if (isResponse(record)) return record
    if (!canWrite(context.user.roles)) return roleDenied()
    return { context, record }
  }

  return [
    http.get('/api/environments', ({ request, response }) => {
      const context = resolveContext(backend, request)
      if (isResponse(context)) return response.untyped(context)
      const page = parsePaging(new URL(request.url))
      if (isResponse(page)) return response.untyped(page)
      const visible = [...db.environments.values()]
        .filter((record) => record.environment.archivedAt === null && isVisible(context, record))
        .map((record) => record.environment)
        .sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id))
      return response(200).json(applyPage(visible, page), {
        headers: { 'X-Total-Count': String(visible.length) },
      })
    }),

    http.post('/api/environments', async ({ request, response }) => {
      const context = resolveContext(backend, request)
      if (isResponse(context)) return response.untyped(context)
      if (!canWrite(context.user.roles)) return response.untyped(roleDenied())
      const body = await readJsonBody(request)
      if (!body.ok || !isRecord(body.value))
        return response.untyped(controlPlaneError(400, 'invalid JSON body'))
      // No config means JSON null, stored and read back as `"config": null`.
      const { name, type: rawType, config = null } = body.value
      // Upstream answers this one validation error as plain text (writeTextErr).
      if (typeof name !== 'string' || !name.trim())
        return response.untyped(plainTextError(400, 'name required'))
      const type = parseType(rawType)
      if (!type) return response.untyped(controlPlaneError(400, 'Unsupported environment type'))
      if (config !== null && !isRecord(config)) {
        return response.untyped(controlPlaneError(400, 'config must be a JSON object'))
      }
      const accessProblem = memoryAccessProblem(config)
      if (accessProblem) return response.untyped(controlPlaneError(400, accessProblem))
      if (type === 'local' && !isLocalAllowed(backend)) {
        return response.untyped(controlPlaneError(403, LOCAL_DISABLED_MESSAGE))
      }
      const now = backend.clock.now()
      const namespace = db.namespaces.find((candidate) => candidate.name === context.namespace)
      const record: EnvironmentRecord = {
        namespace: context.namespace,
        isRestricted: false,
        environment: {
          id: backend.ids('env'),
          name,
          type,
          // Stored as sent: apart from memoryAccess the server validates no config key.
          config,
          ownerId:
            namespace?.kind === 'personal'
              ? context.user.userId
              : `namespace:${context.tenant}:${context.namespace}`,
          createdAt: now,
          updatedAt: now,
          archivedAt: null,
        },
        keyHash: '',
        keyIssuedAt: now,
      }
      const apiKey = await issueKey(backend, record)
      db.environments.set(record.environment.id, record)
      return response(200).json({ ...record.environment, apiKey })
    }),

    http.get('/api/environments/{id}', ({ request, params, response }) => {
      const context = resolveContext(backend, request)
      if (isResponse(context)) return response.untyped(context)
      const record = find(context, params.id)
      if (isResponse(record)) return response.untyped(record)
      return response(200).json(record.environment)
    }),

    http.patch('/api/environments/{id}', async ({ request, params, response }) => {
      const found = findForEdit(request, params.id)
      if (isResponse(found)) return response.untyped(found)
      const { record } = found
      if (record.environment.archivedAt !== null) {
        return response.untyped(controlPlaneError(409, 'environment is archived'))
      }
      const body = await readJsonBody(request)
      if (!body.ok || !isRecord(body.value))
        return response.untyped(controlPlaneError(400, 'invalid JSON body'))
      const { name, config, type } = body.value
      if (type !== undefined && parseType(type) !== record.environment.type) {
        return response.untyped(controlPlaneError(400, 'type cannot be changed after create'))
      }
      if (name !== undefined && (typeof name !== 'string' || !name.trim())) {
        return response.untyped(controlPlaneError(400, 'name must not be empty'))
      }
      // `config: null` reads as "not sent" (Go's nil), so it keeps the stored config.
      const newConfig = config === null ? undefined : config
      if (newConfig !== undefined && !isRecord(newConfig)) {
        return response.untyped(controlPlaneError(400, 'config must be a JSON object'))
      }
      const accessProblem = memoryAccessProblem(newConfig)
      if (accessProblem) return response.untyped(controlPlaneError(400, accessProblem))
      if (name === undefined && newConfig === undefined) return response(200).json(record.environment)
      // No merge and no version check: the body's config replaces the stored one, last writer wins.
      record.environment = {
        ...record.environment,
        ...(typeof name === 'string' ? { name } : {}),
        ...(newConfig !== undefined ? { config: newConfig } : {}),
        updatedAt: backend.clock.now(),
      }
      return response(200).json(record.environment)
    }),

    http.delete('/api/environments/{id}', ({ request, params, response }) => {
      const found = findForEdit(request, params.id)
      if (isResponse(found)) return response.untyped(found)
      db.environments.delete(params.id)
      return response(204).empty()
    }),

    http.post('/api/environments/{id}/archive', ({ request, params, response }) => {
      const found = findForEdit(request, params.id)
      if (isResponse(found)) return response.untyped(found)
      const { record } = found
      // Only an active environment can be archived: a second archive finds nothing (404).
      if (record.environment.archivedAt !== null) return response.untyped(notFound(params.id))
      const now = backend.clock.now()
      record.environment = { ...record.environment, archivedAt: now, updatedAt: now }
      return response(200).json(record.environment)
    }),

    http.post('/api/environments/{id}/rotate-key', async ({ request, params, response }) => {
      const found = findForEdit(request, params.id)
      if (isResponse(found)) return response.untyped(found)
      const { record } = found
      if (record.environment.archivedAt !== null) return response.untyped(notFound(params.id))
      // The old hash is replaced, so the previous key fails on the worker's very next call.
      const apiKey = await issueKey(backend, record)
      record.environment = { ...record.environment, updatedAt: record.keyIssuedAt }
      return response(200).json({ ...record.environment, apiKey })
    }),
  ]
}
