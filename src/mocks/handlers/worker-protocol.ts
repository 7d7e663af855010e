import type { HttpHandler } from 'msw'
import type { components } from '@/api/schema.gen'
import type { MockBackend } from '../backend'
import type { EnvironmentRecord, SessionRecord, WorkItemRecord } from '../db/types'
import { sha256Hex } from '../lib/ids'
import { http } from '../lib/openapi-http'
import { isResponse } from '../lib/request-context'
import { dataplaneError, isRecord, readJsonBody } from '../lib/responses'
import {
  CLAIMED_STATUSES,
  claimNextWorkItem,
  reclaimExpiredLeases,
  recordWorkerSeen,
  toWorkItem,
} from '../lib/work-queue'
import { emitToolResults } from '../lib/worker-events'
import { ENVIRONMENT_KEY_HEADER } from './work'

type Schemas = components['schemas']

/** Where a worker works when it does not say (upstream: `--hands-root` + session id). */
const DEFAULT_HANDS_ROOT = '/work/hands'

function leaseLost(item: WorkItemRecord): Response {
  return dataplaneError(404, 'lease_not_found', `work item ${item.id} is not claimed (status ${item.status})`)
}

/**
 * Optional `{workerId?, workDir?}` body. Fields that are missing, empty or not strings are ignored,
 * as the Java controller treats them as absent (the contract has no 400 on these calls).
 */
async function readClaimUpdate(request: Request): Promise<Schemas['WorkClaimUpdate']> {
  const body = await readJsonBody(request)
  if (!body.ok || !isRecord(body.value)) return {}
  const { workerId, workDir } = body.value
  return {
    ...(typeof workerId === 'string' && workerId ? { workerId } : {}),
    ...(typeof workDir === 'string' && workDir ? { workDir } : {}),
  }
}

type ToolResult = Schemas['ToolResult']

function parseToolResults(value: unknown): ToolResult[] | Response {
  const results = isRecord(value) ? value.results : undefined
  if (!Array.isArray(results) || results.length === 0) {
    return dataplaneError(400, 'missing_results', 'results must be a non-empty array')
  }
  const parsed: ToolResult[] = []
  for (const [index, result] of results.entries()) {
    const content: unknown = isRecord(result) ? result.content : undefined
    if (
      !isRecord(result) ||
      typeof result.tool_use_id !== 'string' ||
      !result.tool_use_id ||
      (typeof content !== 'string' && !Array.isArray(content)) ||
      (result.name !== undefined && typeof result.name !== 'string') ||
      (result.is_error !== undefined && typeof result.is_error !== 'boolean')
    ) {
      return dataplaneError(
        400,
        'invalid_result',
        `results[${index}] needs tool_use_id and content (text or blocks)`,
      )
    }
    parsed.push({
      ...result,
      tool_use_id: result.tool_use_id,
      content: content as ToolResult['content'],
      is_error: result.is_error === true,
    })
  }
  return parsed
}

/**
 * The self-hosted Worker's side (dataplane WorkerEnvironmentController / SelfHostedWorkerController):
 * authenticated only by `X-Builder-Environment-Key`, answered in the dataplane's typed error shape.
 */
export function createWorkerProtocolHandlers(backend: MockBackend): HttpHandler[] {
  const { db } = backend

  /** The key is hashed and compared with the stored hash, so a rotated key fails at once. */
  const authenticate = async (
    request: Request,
    environmentId: string,
  ): Promise<EnvironmentRecord | Response> => {
    const key = request.headers.get(ENVIRONMENT_KEY_HEADER)?.trim()
    if (!key)
      return dataplaneError(401, 'missing_environment_key', `${ENVIRONMENT_KEY_HEADER} header required`)
    const record = db.environments.get(environmentId)
    // An unknown environment answers like a wrong key, so keys cannot be used to probe for ids.
    if (!record || (await sha256Hex(key)) !== record.keyHash) {
      return dataplaneError(401, 'invalid_environment_key', 'environment key is invalid or has been rotated')
    }
    if (record.environment.archivedAt !== null) {
      return dataplaneError(404, 'environment_archived', `environment ${environmentId} is archived`)
    }
    reclaimExpiredLeases(db, backend.clock.now(), backend.options.leaseTimeoutMs)
    return record
  }

  /** A claimed item of this environment, held by `workerId` when the worker names itself. */
  const findClaim = (
    environmentId: string,
    workId: string,
    workerId: string | undefined,
  ): WorkItemRecord | Response => {
    const item = db.workItems.get(workId)
    if (!item || item.environmentId !== environmentId) {
      return dataplaneError(404, 'work_not_found', `work item ${workId} not found`)
    }
    if (workerId !== undefined && item.claimedBy !== null && item.claimedBy !== workerId) {
      return dataplaneError(
        403,
        'lease_held_by_other_worker',
        `work item ${workId} is claimed by another worker`,
      )
    }
    return item
  }

  const seen = (workerId: string | null | undefined, environmentId: string) => {
    if (workerId) recordWorkerSeen(db, { workerId, environmentId, now: backend.clock.now() })
  }

  const findSession = (environmentId: string, sessionId: string): SessionRecord | Response => {
    const record = db.sessions.get(sessionId)
    if (!record) return dataplaneError(404, 'session_not_found', `session ${sessionId} not found`)
    if (record.session.environmentId !== environmentId) {
      return dataplaneError(
        403,
        'session_environment_mismatch',
        `session ${sessionId} is not bound to environment ${environmentId}`,
      )
    }
    return record
  }

  return [
    http.get('/api/environments/{id}/work/poll', async ({ request, params, query, response }) => {
      const environment = await authenticate(request, params.id)
      if (isResponse(environment)) return response.untyped(environment)
      const workerId = query.get('workerId')?.trim()
      if (!workerId)
        return response.untyped(dataplaneError(400, 'missing_worker_id', 'workerId query parameter required'))
      const timeoutMs = query.get('timeoutMs')
      if (timeoutMs !== null && !/^\d+$/.test(timeoutMs)) {
        return response.untyped(
          dataplaneError(400, 'invalid_timeout', 'timeoutMs must be a non-negative integer'),
        )
      }
      const now = backend.clock.now()
      seen(workerId, params.id)
      const item = claimNextWorkItem(db, {
        environmentId: params.id,
        workerId,
        now,
        leaseMs: backend.options.leaseTimeoutMs,
      })
      // Answered at once when nothing is queued; the worker simply polls again.
      if (!item) return response(204).empty()
      return response(200).json(toWorkItem(item))
    }),

    http.post('/api/environments/{id}/work/{workId}/ack', async ({ request, params, response }) => {
      const environment = await authenticate(request, params.id)
      if (isResponse(environment)) return response.untyped(environment)
      const update = await readClaimUpdate(request)
      const item = findClaim(params.id, params.workId, update.workerId)
      if (isResponse(item)) return response.untyped(item)
      if (item.status !== 'starting' && item.status !== 'active') return response.untyped(leaseLost(item))
      const now = backend.clock.now()
      item.status = 'active'
      item.claimedBy = update.workerId ?? item.claimedBy
      item.workDir = update.workDir ?? item.workDir ?? `${DEFAULT_HANDS_ROOT}/${item.sessionId}`
      item.updatedAt = now
      item.leaseExpiresAt = now + backend.options.leaseTimeoutMs
      seen(item.claimedBy, params.id)
      return response(200).json(toWorkItem(item))
    }),

    http.post('/api/environments/{id}/work/{workId}/heartbeat', async ({ request, params, response }) => {
      const environment = await authenticate(request, params.id)
      if (isResponse(environment)) return response.untyped(environment)
      const update = await readClaimUpdate(request)
      const item = findClaim(params.id, params.workId, update.workerId)
      if (isResponse(item)) return response.untyped(item)
      // A worker whose lease already lapsed learns it here and must poll again.
      if (!CLAIMED_STATUSES.has(item.status)) return response.untyped(leaseLost(item))
      const now = backend.clock.now()
      item.updatedAt = now
      item.leaseExpiresAt = now + backend.options.leaseTimeoutMs
      seen(item.claimedBy, params.id)
      return response(200).json(toWorkItem(item))
    }),

    http.post('/api/environments/{id}/work/{workId}/stop', async ({ request, params, response }) => {
      const environment = await authenticate(request, params.id)
      if (isResponse(environment)) return response.untyped(environment)
      const item = findClaim(params.id, params.workId, undefined)
      if (isResponse(item)) return response.untyped(item)
      if (item.status === 'queued') return response.untyped(leaseLost(item))
      if (item.status !== 'stopped') {
        item.status = 'stopped'
        item.updatedAt = backend.clock.now()
        item.leaseExpiresAt = null
      }
      return response(200).json(toWorkItem(item))
    }),

    http.post('/api/environments/{id}/work/{workId}', async ({ request, params, response }) => {
      const environment = await authenticate(request, params.id)
      if (isResponse(environment)) return response.untyped(environment)
      const update = await readClaimUpdate(request)
      // No ownership check here: this call exists to move a claim to another worker id.
      const item = findClaim(params.id, params.workId, undefined)
      if (isResponse(item)) return response.untyped(item)
      if (!CLAIMED_STATUSES.has(item.status)) return response.untyped(leaseLost(item))
      item.claimedBy = update.workerId ?? item.claimedBy
      item.workDir = update.workDir ?? item.workDir
      item.updatedAt = backend.clock.now()
      seen(item.claimedBy, params.id)
      return response(200).json(toWorkItem(item))
    }),

    http.get('/api/environments/{id}/sessions/{sid}/pending-tools', async ({ request, params, response }) => {
      const environment = await authenticate(request, params.id)
      if (isResponse(environment)) return response.untyped(environment)
      const session = findSession(params.id, params.sid)
      if (isResponse(session)) return response.untyped(session)
      return response(200).json(session.pendingTools)
    }),

    http.post('/api/environments/{id}/sessions/{sid}/tool-results', async ({ request, params, response }) => {
      const environment = await authenticate(request, params.id)
      if (isResponse(environment)) return response.untyped(environment)
      const session = findSession(params.id, params.sid)
      if (isResponse(session)) return response.untyped(session)
      const body = await readJsonBody(request)
      if (!body.ok)
        return response.untyped(dataplaneError(400, 'invalid_json', 'request body is not valid JSON'))
      const results = parseToolResults(body.value)
      if (isResponse(results)) return response.untyped(results)
      const now = backend.clock.now()
      const answered = new Set(results.map((result) => result.tool_use_id))
      const resolved = session.pendingTools.filter((tool) => answered.has(tool.id))
      session.pendingTools = session.pendingTools.filter((tool) => !answered.has(tool.id))
      const recorded: Schemas['RecordedToolResult'][] = results.map((result) => ({
        id: backend.ids('sevt'),
        sessionId: params.sid,
        type: 'user.tool_result',
        payload: {
          tool_use_id: result.tool_use_id,
          name: result.name ?? null,
          content: result.content,
          is_error: result.is_error,
        },
        processedAt: null,
        createdAt: now,
      }))
      // The session engine turns these into public events and resumes the suspended turn.
      emitToolResults(backend, {
        sessionId: params.sid,
        environmentId: params.id,
        results,
        answered: resolved,
      })
      return response(200).json(recorded)
    }),
  ]
}
