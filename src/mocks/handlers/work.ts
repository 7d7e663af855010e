import type { HttpHandler } from 'msw'
import type { components } from '@/api/schema.gen'
import type { MockBackend } from '../lib/backend'
import type { EnvironmentRecord, WorkItemRecord } from '../db/types'
import { isVisible } from '../lib/access'
import { bearerToken } from '../lib/auth'
import { http } from '../lib/openapi-http'
import { isResponse, resolveContext } from '../lib/request-context'
import { controlPlaneError } from '../lib/responses'
import { isWorkItemStatus, toWorkItem, WORK_ITEM_STATUSES } from '../lib/work-queue'

type Schemas = components['schemas']

export const ENVIRONMENT_KEY_HEADER = 'X-Builder-Environment-Key'

/** Upstream lists an environment's items oldest first. */
function oldestFirst(a: WorkItemRecord, b: WorkItemRecord): number {
  return a.createdAt - b.createdAt || a.id.localeCompare(b.id)
}

function sessionHandsMetrics(items: Iterable<WorkItemRecord>): Schemas['HandsStatus']['sessionHandsMetrics'] {
  const metrics: Schemas['HandsStatus']['sessionHandsMetrics'] = {}
  for (const item of items) {
    const entry = (metrics[item.sessionId] ??= { acquires: 0, releases: 0, timeouts: 0 })
    // Every work item is one acquire of the session's hands; a stopped one is a release.
    entry.acquires = (entry.acquires ?? 0) + 1
    entry.releases = (entry.releases ?? 0) + (item.status === 'stopped' ? 1 : 0)
  }
  return metrics
}

/**
 * The user's read-only view of worker queues (dataplane WorkerEnvironmentController). An environment
 * key is a worker credential and is refused here with 403, never treated as a user.
 */
export function createWorkHandlers(backend: MockBackend): HttpHandler[] {
  const { db } = backend

  /**
   * A user token (an environment key gets 403). Nothing is settled here: a dead worker's item stays
   * as it was until some worker polls. An environment the caller cannot see (or that does not
   * exist) simply has no work, as upstream answers `200 []` for an unknown id.
   */
  const guard = (
    request: Request,
    environmentId: string | null,
  ): { environment: EnvironmentRecord | null } | Response => {
    if (!bearerToken(request) && request.headers.has(ENVIRONMENT_KEY_HEADER)) {
      return controlPlaneError(403, 'Environment worker credentials cannot list work', { code: 'forbidden' })
    }
    const context = resolveContext(backend, request)
    if (isResponse(context)) return context
    if (environmentId === null) return { environment: null }
    const environment = db.environments.get(environmentId)
    return { environment: environment && isVisible(context, environment) ? environment : null }
  }

  const itemsOf = (environment: EnvironmentRecord | null) =>
    environment
      ? [...db.workItems.values()].filter((item) => item.environmentId === environment.environment.id)
      : []

  return [
    http.get('/api/environments/{id}/work', ({ request, params, query, response }) => {
      const allowed = guard(request, params.id)
      if (isResponse(allowed)) return response.untyped(allowed)
      const state = query.get('state')
      if (state !== null && !isWorkItemStatus(state)) {
        return response.untyped(
          controlPlaneError(400, `state must be one of ${WORK_ITEM_STATUSES.join(', ')}`),
        )
      }
      const items = itemsOf(allowed.environment)
        .filter((item) => state === null || item.status === state)
        .sort(oldestFirst)
        .map((item) => toWorkItem(item))
      return response(200).json(items)
    }),

    // Registered before `/work/{workId}` so "stats" is never read as a work id.
    http.get('/api/environments/{id}/work/stats', ({ request, params, response }) => {
      const allowed = guard(request, params.id)
      if (isResponse(allowed)) return response.untyped(allowed)
      const countsByStatus = { queued: 0, starting: 0, active: 0, stopping: 0, stopped: 0 }
      let oldestQueuedAt: number | null = null
      for (const item of itemsOf(allowed.environment)) {
        countsByStatus[item.status] += 1
        if (item.status === 'queued' && (oldestQueuedAt === null || item.createdAt < oldestQueuedAt)) {
          oldestQueuedAt = item.createdAt
        }
      }
      const now = backend.clock.now()
      return response(200).json({
        countsByStatus,
        oldestQueuedAgeMs: oldestQueuedAt === null ? null : Math.max(0, now - oldestQueuedAt),
      })
    }),

    http.get('/api/environments/{id}/work/{workId}', ({ request, params, response }) => {
      const allowed = guard(request, params.id)
      if (isResponse(allowed)) return response.untyped(allowed)
      const item = db.workItems.get(params.workId)
      if (!item || !allowed.environment || item.environmentId !== params.id) {
        return response.untyped(controlPlaneError(404, `Unknown work item: ${params.workId}`))
      }
      return response(200).json(toWorkItem(item))
    }),

    http.get('/api/hands/status', ({ request, response }) => {
      const allowed = guard(request, null)
      if (isResponse(allowed)) return response.untyped(allowed)
      const items = [...db.workItems.values()]
      const sandboxLike = new Set(
        [...db.environments.values()]
          .filter((record) => record.environment.type === 'sandbox' || record.environment.type === 'local')
          .map((record) => record.environment.id),
      )
      // Sessions whose tools run inside the dataplane keep a local sandbox registered while not archived.
      const localSandboxRegistrySize = [...db.sessions.values()].filter(
        ({ session }) =>
          session.environmentId !== undefined &&
          sandboxLike.has(session.environmentId) &&
          (session.archivedAt ?? null) === null &&
          session.status !== 'terminated',
      ).length
      return response(200).json({
        brainInstanceId: db.brainInstanceId,
        pendingWorkItems: items.filter((item) => item.status === 'queued').length,
        localSandboxRegistrySize,
        workerHeartbeats: Object.fromEntries(db.workerHeartbeats),
        sessionHandsMetrics: sessionHandsMetrics(items),
      })
    }),
  ]
}
