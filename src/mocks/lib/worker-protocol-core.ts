import type { components } from '@/api/schema.gen'
import type { EnvironmentRecord, SessionRecord, WorkItemRecord } from '../db/types'
import type { MockBackend } from './backend'
import { sha256Hex } from './ids'
import { skillsBundle } from './skills-bundle'
import { claimForPoll, metadataFromResources, recordWorkerPoll } from './work-queue'
import { emitToolResults, emitWorkStopped } from './worker-events'

type Schemas = components['schemas']

/**
 * The worker protocol's behaviour (dataplane WorkerEnvironmentController / SelfHostedWorkerController)
 * apart from HTTP: the routes in handlers/worker-protocol.ts parse requests and call these, and the
 * demo's virtual workers call the very same functions, so both kinds of worker see one protocol.
 * Like upstream, ack/heartbeat/stop/update return nothing: a worker learns what became of its item
 * only by reading it.
 */

/** A refusal, answered over HTTP in the dataplane's typed error shape (401: no body at all). */
export type ProtocolError = { kind: 'protocol_error'; status: number; code: string; message: string }

export function isProtocolError(value: unknown): value is ProtocolError {
  return typeof value === 'object' && value !== null && (value as ProtocolError).kind === 'protocol_error'
}

function refuse(status: number, code: string, message: string): ProtocolError {
  return { kind: 'protocol_error', status, code, message }
}

/** Where an ack without `workDir` puts the session (upstream: `java.io.tmpdir/agentscope-hands/<session>`). */
export const DEFAULT_HANDS_ROOT = '/tmp/agentscope-hands'

export type ClaimUpdate = Schemas['WorkClaimUpdate']

/** A claimed item and the staging metadata the poll answer carries for it. */
export type PolledWork = { item: WorkItemRecord; metadata: Record<string, unknown> }

export type WorkerProtocol = {
  /** The key is hashed and compared with the stored hash, so a rotated key fails at once. */
  authenticate: (
    environmentId: string,
    key: string | null | undefined,
  ) => Promise<EnvironmentRecord | ProtocolError>
  /** Records the poll, then claims the oldest queued or stale item (`starting`), or null. */
  poll: (env: EnvironmentRecord, workerId: string) => PolledWork | null
  ack: (env: EnvironmentRecord, workId: string, update: ClaimUpdate) => ProtocolError | null
  /** Bumps the item's `updatedAt`; an unknown item is silently fine, as upstream. */
  heartbeat: (env: EnvironmentRecord, workId: string) => void
  /** Marks the item stopped; an unknown item is silently fine, as upstream. */
  stop: (env: EnvironmentRecord, workId: string) => void
  /** Moves a claim to another worker id or directory (and, like ack, marks it active). */
  update: (env: EnvironmentRecord, workId: string, update: ClaimUpdate) => ProtocolError | null
  /** What `GET …/work/{workId}` shows: how a worker learns it was released or taken over. */
  readWork: (env: EnvironmentRecord, workId: string) => WorkItemRecord | null
  pendingTools: (env: EnvironmentRecord, sessionId: string) => Schemas['PendingTool'][] | ProtocolError
  skills: (env: EnvironmentRecord, sessionId: string) => Schemas['SkillsBundle'] | ProtocolError
  postToolResults: (
    env: EnvironmentRecord,
    sessionId: string,
    results: Schemas['ToolResult'][],
  ) => Schemas['RecordedToolResult'][] | ProtocolError
}

export function createWorkerProtocol(backend: MockBackend): WorkerProtocol {
  const { db } = backend
  const now = () => backend.clock.now()

  const itemOf = (env: EnvironmentRecord, workId: string): WorkItemRecord | null => {
    const item = db.workItems.get(workId)
    return item && item.environmentId === env.environment.id ? item : null
  }

  const unknownItem = (workId: string) => refuse(404, 'not_found', `Unknown work item: ${workId}`)

  /** Upstream's ack and update: the row becomes active under the given (or kept) worker and directory. */
  const activate = (item: WorkItemRecord, workerId: string, workDir: string) => {
    item.status = 'active'
    item.claimedBy = workerId
    item.workDir = workDir
    item.updatedAt = now()
  }

  const findSession = (environmentId: string, sessionId: string): SessionRecord | ProtocolError => {
    const record = db.sessions.get(sessionId)
    if (!record) return refuse(404, 'session_not_found', `session ${sessionId} not found`)
    if (record.session.environmentId !== environmentId) {
      return refuse(403, 'session_environment_mismatch', 'Session does not belong to this environment')
    }
    return record
  }

  return {
    authenticate: async (environmentId, key) => {
      const trimmed = key?.trim()
      if (!trimmed) return refuse(401, 'missing_environment_key', 'X-Builder-Environment-Key header required')
      const hash = await sha256Hex(trimmed)
      const record = db.environments.get(environmentId)
      // Unknown, archived and wrong-key alike: the key check reads only active environments.
      if (!record || record.environment.archivedAt !== null || hash !== record.keyHash) {
        return refuse(401, 'invalid_environment_key', 'environment key is invalid or has been rotated')
      }
      return record
    },

    poll: (env, workerId) => {
      const environmentId = env.environment.id
      recordWorkerPoll(db, { workerId, environmentId, now: now() })
      const item = claimForPoll(db, {
        environmentId,
        workerId,
        now: now(),
        staleMs: backend.options.workStaleMs,
      })
      if (!item) return null
      return { item, metadata: metadataFromResources(db.sessions.get(item.sessionId)?.session.resources) }
    },

    ack: (env, workId, update) => {
      const item = itemOf(env, workId)
      if (!item) return unknownItem(workId)
      activate(
        item,
        update.workerId ?? item.claimedBy ?? 'remote-worker',
        update.workDir ?? `${DEFAULT_HANDS_ROOT}/${item.sessionId}`,
      )
      return null
    },

    heartbeat: (env, workId) => {
      const item = itemOf(env, workId)
      if (item) item.updatedAt = now()
    },

    stop: (env, workId) => {
      const item = itemOf(env, workId)
      if (!item) return
      const wasStopped = item.status === 'stopped'
      item.status = 'stopped'
      item.updatedAt = now()
      // Stopping a worker does not cancel the task: the engine queues new work if tools still wait.
      if (!wasStopped) emitWorkStopped(backend, item)
    },

    update: (env, workId, update) => {
      const item = itemOf(env, workId)
      if (!item) return unknownItem(workId)
      activate(
        item,
        update.workerId ?? item.claimedBy ?? 'remote-worker',
        update.workDir ?? item.workDir ?? `${DEFAULT_HANDS_ROOT}/${item.sessionId}`,
      )
      return null
    },

    readWork: (env, workId) => itemOf(env, workId),

    pendingTools: (env, sessionId) => {
      const session = findSession(env.environment.id, sessionId)
      return isProtocolError(session) ? session : session.pendingTools
    },

    skills: (env, sessionId) => {
      const session = findSession(env.environment.id, sessionId)
      return isProtocolError(session) ? session : skillsBundle(db, session)
    },

    postToolResults: (env, sessionId, results) => {
      const session = findSession(env.environment.id, sessionId)
      if (isProtocolError(session)) return session
      const at = now()
      const answered = new Set(results.map((result) => result.tool_use_id))
      const resolved = session.pendingTools.filter((tool) => answered.has(tool.id))
      session.pendingTools = session.pendingTools.filter((tool) => !answered.has(tool.id))
      const recorded: Schemas['RecordedToolResult'][] = results.map((result) => {
        const seq = (session.internalSeq ?? 0) + 1
        session.internalSeq = seq
        return {
          id: backend.ids('sevt'),
          sessionId,
          seq,
          type: 'user.tool_result',
          payload: { ...result, tool_use_id: result.tool_use_id },
          processedAt: null,
          createdAt: at,
        }
      })
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
