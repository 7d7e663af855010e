import { queryOptions } from '@tanstack/react-query'
import { isApiError } from '@/api/api-error'
import { apiBaseUrl, send } from '@/api/client'
import { useWrite, invalidateAll, type WriteOptions } from '../write'
import {
  decodeRecovery,
  decodeTracePage,
  reconcileBody,
  type Reconciliation,
  type RecoveryState,
} from './decode-recovery'
import { sessionKeys } from './keys'

/**
 * The admin repair surface (AgentSessionTraceController upstream). Its bodies are upstream's
 * native shapes, which the contract leaves free-form, so these calls go through the client's
 * untyped `send` and are checked by the decoders instead.
 */
const tracePath = (sessionId: string, rest = '') =>
  `/api/v1/agent-sessions/${encodeURIComponent(sessionId)}/trace${rest}`

/**
 * Why the trace routes refuse: `disabled` — the server runs with
 * `builder.agent-api.trace-enabled=false` (its default), so every trace route answers 404;
 * `forbidden` — the caller lacks ROLE_ADMIN and ROLE_SESSION_TRACE (403). Null: another failure.
 */
export type TraceGate = 'disabled' | 'forbidden'

export function traceGateOf(error: unknown): TraceGate | null {
  if (!isApiError(error)) return null
  if (error.status === 404) return 'disabled'
  if (error.status === 403) return 'forbidden'
  return null
}

/** One read of the trace surface; a gate answer (404/403) will not change by asking again. */
const traceRead = <T>(queryKey: readonly unknown[], path: string, decode: (data: unknown) => T) =>
  queryOptions({
    // The key under which writes invalidate, plus the page asked for.
    queryKey: [...queryKey, path],
    queryFn: async ({ signal }) => decode((await send(apiBaseUrl(), 'GET', path, { signal })).data),
    retry: (count, error) => traceGateOf(error) === null && count < 2,
    staleTime: 5_000,
  })

export const recoveryQuery = (sessionId: string) =>
  traceRead(sessionKeys.recovery(sessionId), tracePath(sessionId, '/recovery'), decodeRecovery)

/** The first page of the native journal (facts 1–500). */
export const traceQuery = (sessionId: string) =>
  traceRead(sessionKeys.trace(sessionId), tracePath(sessionId, '?after=0&limit=500'), decodeTracePage)

/** Records the verified outcomes; upstream takes no Idempotency-Key here, and never re-runs the tool. */
export function useReconcile(sessionId: string, options?: WriteOptions<RecoveryState, Reconciliation>) {
  return useWrite(
    {
      write: async (reconciliation: Reconciliation) => {
        const { data } = await send(apiBaseUrl(), 'POST', tracePath(sessionId, '/reconcile'), {
          body: reconcileBody(reconciliation),
        })
        return decodeRecovery(data)
      },
      refresh: (queryClient) =>
        invalidateAll(queryClient, [
          sessionKeys.recovery(sessionId),
          sessionKeys.trace(sessionId),
          sessionKeys.turns(sessionId),
        ]),
    },
    options,
  )
}
