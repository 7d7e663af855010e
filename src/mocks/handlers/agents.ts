import type { HttpHandler } from 'msw'
import type { components } from '@/api/schema.gen'
import { isLocalAllowed, LOCAL_DISABLED_MESSAGE, type MockBackend } from '../lib/backend'
import type { AgentRecord } from '../db/types'
import { isVisible, roleDenied } from '../lib/access'
import { canWrite } from '../lib/auth'
import { http } from '../lib/openapi-http'
import { isResponse, resolveContext, type RequestContext } from '../lib/request-context'
import { controlPlaneError, isRecord, readJsonBody } from '../lib/responses'

type Schemas = components['schemas']
type AgentDefinition = Schemas['AgentDefinition']
type JsonObject = Record<string, unknown>

/** Upstream stores a non-positive maxIters as 20. */
const DEFAULT_MAX_ITERS = 20

const AGENT_STATUSES: readonly string[] = ['active', 'archived', 'provisioning', 'provisioning_failed']

const NAME_AND_VERSION = 'name and valid version are required'

function badRequest(message: string, code = 'invalid_definition'): Response {
  return controlPlaneError(400, message, { code })
}

/** Thrown by the field readers below; turned into one 400 by `readDefinition`. */
class InvalidDefinition extends Error {}

function nullableString(body: JsonObject, field: string): string | null {
  const value = body[field]
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') throw new InvalidDefinition(`${field} must be a string or null`)
  return value
}

function objectArray(body: JsonObject, field: string): JsonObject[] {
  const value = body[field]
  if (value === undefined) return []
  if (!Array.isArray(value) || !value.every(isRecord))
    throw new InvalidDefinition(`${field} must be an array of objects`)
  return value
}

function idArray(body: JsonObject, field: string): string[] {
  const value = body[field]
  if (value === undefined) return []
  if (
    !Array.isArray(value) ||
    !value.every((item): item is string => typeof item === 'string' && item !== '')
  ) {
    throw new InvalidDefinition(`${field} must be an array of ids`)
  }
  return value
}

function maxIterations(body: JsonObject): number | null {
  const value = body.maxIters
  if (value === undefined || value === null) return null
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new InvalidDefinition('maxIters must be an integer or null')
  return value > 0 ? value : DEFAULT_MAX_ITERS
}

function multiagent(body: JsonObject): JsonObject | null {
  const value = body.multiagent
  if (value === undefined || value === null) return null
  if (!isRecord(value)) throw new InvalidDefinition('multiagent must be an object or null')
  return value
}

/** The writable fields of a definition (upstream ManagedDefinitionInput). */
type DefinitionInput = Pick<
  AgentDefinition,
  | 'name'
  | 'description'
  | 'system'
  | 'model'
  | 'maxIters'
  | 'workspaceId'
  | 'workspacePath'
  | 'tools'
  | 'mcpServers'
  | 'skills'
  | 'multiagent'
  | 'defaultEnvironmentId'
  | 'defaultMemoryStoreIds'
  | 'defaultVaultIds'
>

/**
 * The PATCH is not a merge: every writable field comes from the body, and a field the body leaves
 * out is cleared (null or []). That is the upstream risk the console's read-modify-write guards
 * against. `workspaceBinding` is not a field upstream knows, so it is dropped without a word.
 */
function readDefinition(body: JsonObject): DefinitionInput | Response {
  const { name } = body
  if (typeof name !== 'string' || !name.trim()) return badRequest(NAME_AND_VERSION)
  if (body.defaultEnvironmentId === '')
    return badRequest('defaultEnvironmentId must be an environment id or null')
  try {
    return {
      name,
      description: nullableString(body, 'description'),
      system: nullableString(body, 'system'),
      model: nullableString(body, 'model'),
      maxIters: maxIterations(body),
      workspaceId: nullableString(body, 'workspaceId'),
      workspacePath: nullableString(body, 'workspacePath'),
      tools: objectArray(body, 'tools'),
      mcpServers: objectArray(body, 'mcpServers'),
      skills: objectArray(body, 'skills'),
      multiagent: multiagent(body),
      defaultEnvironmentId: nullableString(body, 'defaultEnvironmentId'),
      defaultMemoryStoreIds: idArray(body, 'defaultMemoryStoreIds'),
      defaultVaultIds: idArray(body, 'defaultVaultIds'),
    }
  } catch (error) {
    if (error instanceof InvalidDefinition) return badRequest(error.message)
    throw error
  }
}

export function createAgentHandlers(backend: MockBackend): HttpHandler[] {
  const { db } = backend

  const find = (context: RequestContext, agentId: string): AgentRecord | Response => {
    const record = db.agents.get(agentId)
    return record && isVisible(context, record)
      ? record
      : controlPlaneError(404, `agent ${agentId} not found`)
  }

  /** Session defaults must point at resources of this namespace that the caller can use. */
  const checkReferences = (context: RequestContext, definition: AgentDefinition): Response | null => {
    const environmentId = definition.defaultEnvironmentId
    if (environmentId) {
      const environment = db.environments.get(environmentId)
      if (!environment || !isVisible(context, environment) || environment.environment.archivedAt !== null) {
        return badRequest(
          `default environment ${environmentId} not found or archived`,
          'invalid_default_environment',
        )
      }
      if (environment.environment.type === 'local' && !isLocalAllowed(backend)) {
        return badRequest(LOCAL_DISABLED_MESSAGE, 'local_environment_disabled')
      }
    }
    for (const storeId of definition.defaultMemoryStoreIds ?? []) {
      const store = db.memoryStores.get(storeId)
      if (!store || !isVisible(context, store) || (store.store.archivedAt ?? null) !== null) {
        return badRequest(`memory store ${storeId} not found`, 'invalid_default_memory_store')
      }
    }
    for (const vaultId of definition.defaultVaultIds ?? []) {
      const vault = db.vaults.get(vaultId)
      if (!vault || !isVisible(context, vault) || (vault.vault.archivedAt ?? null) !== null) {
        return badRequest(`vault ${vaultId} not found`, 'invalid_default_vault')
      }
    }
    return null
  }

  return [
    http.get('/api/v1/agents', ({ request, query, response }) => {
      const context = resolveContext(backend, request)
      if (isResponse(context)) return response.untyped(context)
      const namespace = query.get('namespace')
      const tenant = query.get('tenant')
      // Query scope must agree with the resolved scope (upstream rejects a mismatch).
      if (
        (namespace !== null && namespace !== context.namespace) ||
        (tenant !== null && tenant !== context.tenant)
      ) {
        return response.untyped(
          controlPlaneError(400, 'tenant/namespace query does not match the request scope'),
        )
      }
      const status = query.get('status')
      if (status !== null && !AGENT_STATUSES.includes(status)) {
        return response.untyped(controlPlaneError(400, `status must be one of ${AGENT_STATUSES.join(', ')}`))
      }
      const includeArchivedText = query.get('includeArchived')
      if (includeArchivedText !== null && includeArchivedText !== 'true' && includeArchivedText !== 'false') {
        return response.untyped(controlPlaneError(400, 'includeArchived must be true or false'))
      }
      const limitText = query.get('limit')
      const limit = limitText === null ? null : /^\d+$/.test(limitText) ? Number.parseInt(limitText, 10) : 0
      if (limit !== null && limit < 1)
        return response.untyped(controlPlaneError(400, 'limit must be a positive integer'))
      const includeArchived = includeArchivedText === 'true' || status === 'archived'
      const items = [...db.agents.values()]
        .filter((record) => isVisible(context, record))
        .map((record) => record.agent)
        .filter((agent) =>
          status === null ? includeArchived || agent.status === 'active' : agent.status === status,
        )
        .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || a.id.localeCompare(b.id))
      return response(200).json({ items: limit === null ? items : items.slice(0, limit) })
    }),

    http.get('/api/v1/agents/{agentId}/definition', ({ request, params, response }) => {
      const context = resolveContext(backend, request)
      if (isResponse(context)) return response.untyped(context)
      const record = find(context, params.agentId)
      if (isResponse(record)) return response.untyped(record)
      return response(200).json({ agentId: record.agent.id, definition: record.definition })
    }),

    http.patch('/api/v1/agents/{agentId}/definition', async ({ request, params, response }) => {
      const context = resolveContext(backend, request)
      if (isResponse(context)) return response.untyped(context)
      const record = find(context, params.agentId)
      if (isResponse(record)) return response.untyped(record)
      if (!canWrite(context.user.roles)) return response.untyped(roleDenied())
      if (record.agent.status === 'archived')
        return response.untyped(controlPlaneError(409, 'agent is archived'))
      const body = await readJsonBody(request)
      if (!body.ok || !isRecord(body.value))
        return response.untyped(controlPlaneError(400, 'invalid JSON body'))
      const { version } = body.value
      if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
        return response.untyped(badRequest(NAME_AND_VERSION))
      }
      const input = readDefinition(body.value)
      if (isResponse(input)) return response.untyped(input)
      if (version !== record.definition.version) {
        return response.untyped(
          controlPlaneError(409, 'managed definition version conflict', { code: 'version_conflict' }),
        )
      }
      const now = backend.clock.now()
      const definition: AgentDefinition = {
        ...input,
        id: record.definition.id,
        scope: record.definition.scope,
        ownerId: record.definition.ownerId,
        version: version + 1,
        createdAt: record.definition.createdAt,
        updatedAt: now,
        updatedBy: context.user.userId,
        archivedAt: record.definition.archivedAt ?? null,
      }
      const invalid = checkReferences(context, definition)
      if (invalid) return response.untyped(invalid)
      record.versions.unshift({
        version: definition.version,
        snapshot: structuredClone(definition),
        createdAt: now,
      })
      record.definition = definition
      // The catalog entry changes (and bumps its own version) only when its name or description does.
      const description = definition.description ?? ''
      if (record.agent.displayName !== definition.name || record.agent.description !== description) {
        record.agent = {
          ...record.agent,
          displayName: definition.name,
          description,
          version: (record.agent.version ?? 0) + 1,
          updatedAt: new Date(now).toISOString(),
        }
      }
      return response(200).json({ agent: record.agent, definition })
    }),

    http.get('/api/v1/agents/{agentId}/versions', ({ request, params, response }) => {
      const context = resolveContext(backend, request)
      if (isResponse(context)) return response.untyped(context)
      const record = find(context, params.agentId)
      if (isResponse(record)) return response.untyped(record)
      const versions = [...record.versions].sort((a, b) => b.version - a.version)
      return response(200).json({ agentId: record.agent.id, versions })
    }),

    http.get('/api/v1/agents/{agentId}/versions/{version}', ({ request, params, response }) => {
      const context = resolveContext(backend, request)
      if (isResponse(context)) return response.untyped(context)
      const record = find(context, params.agentId)
      if (isResponse(record)) return response.untyped(record)
      const wanted = /^\d+$/.test(params.version) ? Number.parseInt(params.version, 10) : Number.NaN
      if (!(wanted > 0)) return response.untyped(controlPlaneError(400, 'valid version is required'))
      const version = record.versions.find((candidate) => candidate.version === wanted)
      if (!version) return response.untyped(controlPlaneError(404, 'managed definition not found'))
      return response(200).json({ agentId: record.agent.id, version })
    }),
  ]
}
