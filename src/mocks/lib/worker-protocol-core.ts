import type { components } from '@/api/schema.gen'
import type { MockBackend } from './backend'
import type { EnvironmentRecord, SessionRecord, WorkItemRecord } from '../db/types'
import { sha256Hex } from './ids'
import { CLAIMED_STATUSES, claimNextWorkItem, reclaimExpiredLeases, recordWorkerSeen } from './work-queue'
import { emitToolResults, emitWorkStopped } from './worker-events'

type Schemas = components['schemas']

/**
 * The worker protocol's behaviour (dataplane WorkerEnvironmentController / SelfHostedWorkerController)
 * apart from HTTP: the routes in handlers/worker-protocol.ts parse requests and call these, and the
 * demo's virtual workers call the very same functions, so both kinds of worker see one protocol.
 */

/** A refusal, answered over HTTP in the dataplane's typed error shape. */
export type ProtocolError = { kind: 'protocol_error'; status: number; code: string; message: string }

export function isProtocolError(value: unknown): value is ProtocolError {
  return typeof value === 'object' && value !== null && (value as ProtocolError).kind === 'protocol_error'
}

function refuse(status: number, code: string, message: string): ProtocolError {
  return { kind: 'protocol_error', status, code, message }
}

/** Where a worker works when it does not say (upstream: `--hands-root` + session id). */
export const DEFAULT_HANDS_ROOT = '/work/hands'

export type ClaimUpdate = Schemas['WorkClaimUpdate']

export type WorkerProtocol = {
  /** The key is hashed and compared with the stored hash, so a rotated key fails at once. */
  authenticate: (
    environmentId: string,
    key: string | null | undefined,
  ) => Promise<EnvironmentRecord | ProtocolError>
  /** Claims the oldest queued item (status `starting`), or null when nothing is queued. */
  claim: (env: EnvironmentRecord, workerId: string) => WorkItemRecord | null
  ack: (env: EnvironmentRecord, workId: string, update: ClaimUpdate) => WorkItemRecord | ProtocolError
  heartbeat: (env: EnvironmentRecord, workId: string, update: ClaimUpdate) => WorkItemRecord | ProtocolError
  stop: (env: EnvironmentRecord, workId: string) => WorkItemRecord | ProtocolError
  /** Moves a claim to another worker id or directory. */
  update: (env: EnvironmentRecord, workId: string, update: ClaimUpdate) => WorkItemRecord | ProtocolError
  pendingTools: (env: EnvironmentRecord, sessionId: string) => Schemas['PendingTool'][] | ProtocolError
  postToolResults: (
    env: EnvironmentRecord,
    sessionId: string,
    results: Schemas['ToolResult'][],
  ) => Schemas['RecordedToolResult'][] | ProtocolError
}

export function createWorkerProtocol(backend: MockBackend): WorkerProtocol {
  const { db } = backend
  const now = () => backend.clock.now()

  const leaseLost = (item: WorkItemRecord) =>
    refuse(404, 'lease_not_found', `work item ${item.id} is not claimed (status ${item.status})`)

  /** A claimed item of this environment, held by `workerId` when the worker names itself. */
  const findClaim = (
    environmentId: string,
    workId: string,
    workerId: string | undefined,
  ): WorkItemRecord | ProtocolError => {
    const item = db.workItems.get(workId)
    if (!item || item.environmentId !== environmentId) {
      return refuse(404, 'work_not_found', `work item ${workId} not found`)
    }
    if (workerId !== undefined && item.claimedBy !== null && item.claimedBy !== workerId) {
      return refuse(403, 'lease_held_by_other_worker', `work item ${workId} is claimed by another worker`)
    }
    return item
  }

  const seen = (workerId: string | null | undefined, environmentId: string) => {
    if (workerId) recordWorkerSeen(db, { workerId, environmentId, now: now() })
  }

  const findSession = (environmentId: string, sessionId: string): SessionRecord | ProtocolError => {
    const record = db.sessions.get(sessionId)
    if (!record) return refuse(404, 'session_not_found', `session ${sessionId} not found`)
    if (record.session.environmentId !== environmentId) {
      return refuse(
        403,
        'session_environment_mismatch',
        `session ${sessionId} is not bound to environment ${environmentId}`,
      )
    }
    return record
  }

  return {
    authenticate: async (environmentId, key) => {
      const trimmed = key?.trim()
      if (!trimmed) return refuse(401, 'missing_environment_key', 'X-Builder-Environment-Key header required')
      const hash = await sha256Hex(trimmed)
      const record = db.environments.get(environmentId)
      // An unknown environment answers like a wrong key, so keys cannot be used to probe for ids.
      if (!record || hash !== record.keyHash) {
        return refuse(401, 'invalid_environment_key', 'environment key is invalid or has been rotated')
      }
      if (record.environment.archivedAt !== null) {
        return refuse(404, 'environment_archived', `environment ${environmentId} is archived`)
      }
      reclaimExpiredLeases(db, now(), backend.options.leaseTimeoutMs)
      return record
    },

    claim: (env, workerId) => {
      const environmentId = env.environment.id
      seen(workerId, environmentId)
      return claimNextWorkItem(db, {
        environmentId,
        workerId,
        now: now(),
        leaseMs: backend.options.leaseTimeoutMs,
      })
    },

    ack: (env, workId, update) => {
      const item = findClaim(env.environment.id, workId, update.workerId)
      if (isProtocolError(item)) return item
      if (item.status !== 'starting' && item.status !== 'active') return leaseLost(item)
      const at = now()
      item.status = 'active'
      item.claimedBy = update.workerId ?? item.claimedBy
      item.workDir = update.workDir ?? item.workDir ?? `${DEFAULT_HANDS_ROOT}/${item.sessionId}`
      item.updatedAt = at
      item.leaseExpiresAt = at + backend.options.leaseTimeoutMs
      seen(item.claimedBy, env.environment.id)
      return item
    },

    heartbeat: (env, workId, update) => {
      const item = findClaim(env.environment.id, workId, update.workerId)
      if (isProtocolError(item)) return item
      // A worker whose lease already lapsed learns it here and must poll again.
      if (!CLAIMED_STATUSES.has(item.status)) return leaseLost(item)
      const at = now()
      item.updatedAt = at
      item.leaseExpiresAt = at + backend.options.leaseTimeoutMs
      seen(item.claimedBy, env.environment.id)
      return item
    },

    stop: (env, workId) => {
      const item = findClaim(env.environment.id, workId, undefined)
      if (isProtocolError(item)) return item
      if (item.status === 'queued') return leaseLost(item)
      if (item.status !== 'stopped') {
        item.status = 'stopped'
        item.updatedAt = now()
        item.leaseExpiresAt = null
        // Stopping a worker does not cancel the task: the engine queues new work if tools still wait.
        emitWorkStopped(backend, item)
      }
      return item
    },

    update: (env, workId, update) => {
      // No ownership check here: this call exists to move a claim to another worker id.
      const item = findClaim(env.environment.id, workId, undefined)
      if (isProtocolError(item)) return item
      if (!CLAIMED_STATUSES.has(item.status)) return leaseLost(item)
      item.claimedBy = update.workerId ?? item.claimedBy
      item.workDir = update.workDir ?? item.workDir
      item.updatedAt = now()
      seen(item.claimedBy, env.environment.id)
      return item
    },

    pendingTools: (env, sessionId) => {
      const session = findSession(env.environment.id, sessionId)
      return isProtocolError(session) ? session : session.pendingTools
    },

    postToolResults: (env, sessionId, results) => {
      const session = findSession(env.environment.id, sessionId)
      if (isProtocolError(session)) return session
      const at = now()
      const answered = new Set(results.map((result) => result.tool_use_id))
      const resolved = session.pendingTools.filter((tool) => answered.has(tool.id))
      session.pendingTools = session.pendingTools.filter((tool) => !answered.has(tool.id))
      const recorded: Schemas['RecordedToolResult'][] = results.map((result) => ({
        id: backend.ids('sevt'),
        sessionId,
        type: 'user.tool_result',
        payload: {
          tool_use_id: result.tool_use_id,
          name: result.name ?? null,
          content: result.content,
          is_error: result.is_error,
        },
        processedAt: null,
        createdAt: at,
      }))
      // The session engine turns these into public events and resumes the suspended turn.
      emitToolResults(backend, {
        sessionId,
        environmentId: env.environment.id,
        results,
        answered: resolved,
      })
      return recorded
    },
  }
}
