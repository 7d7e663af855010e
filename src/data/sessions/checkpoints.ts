import { whenOffered, type Offered } from './offered'
import { queryOptions } from '@tanstack/react-query'
import { api, apiBaseUrl, send } from '@/api/client'
import {
  decodeCheckpointPage,
  decodeCheckpointReceipt,
  type Checkpoint,
  type CheckpointReceipt,
} from './decode-checkpoints'
import { decodeSession } from './decode-session'
import { fetchEventPage, HISTORY_PAGE } from './event-page'
import { sessionKeys } from './keys'
import { readSessionPage } from './queries'
import type { PublicEvent, Session } from './types'
import { invalidateAll, useWrite, type WriteOptions } from '../write'

/**
 * Checkpoints, restore and fork (AgentSessionCheckpointsController upstream). The contract types
 * none of these bodies, so the calls go through the client's untyped `send` and the decoders.
 */
const sessionPath = (sessionId: string, rest: string) =>
  `/api/v1/agent-sessions/${encodeURIComponent(sessionId)}${rest}`

/**
 * Under the session's detail key, so a refresh of the whole inspector includes it; kept here rather
 * than in keys.ts, which the first screen loads.
 */
const checkpointsKey = (sessionId: string) => [...sessionKeys.detail(sessionId), 'checkpoints'] as const

/** The server's page maximum: one request for any ordinary session. */
const CHECKPOINT_PAGE = 1000

/** A server without these routes (the 2026-08 release) answers 404: not offered, not an error. */
export type CheckpointList = Offered<Checkpoint>

export const checkpointsQuery = (sessionId: string) =>
  queryOptions({
    queryKey: checkpointsKey(sessionId),
    queryFn: ({ signal }): Promise<CheckpointList> =>
      whenOffered(async () => {
        const checkpoints: Checkpoint[] = []
        let after: string | null = null
        for (;;) {
          const query: Record<string, string | number> = { limit: CHECKPOINT_PAGE }
          if (after !== null) query.after = after
          const { data } = await send(apiBaseUrl(), 'GET', sessionPath(sessionId, '/checkpoints'), {
            params: { query },
            signal,
          })
          const page = decodeCheckpointPage(data)
          checkpoints.push(...page.checkpoints)
          if (!page.hasMore || page.nextCursor === null || page.nextCursor === after) return checkpoints
          after = page.nextCursor
        }
      }),
  })

/** The first page of another session's public events (a fork's target, for the side-by-side view). */
export const sessionEventsQuery = (sessionId: string) =>
  queryOptions({
    queryKey: [...sessionKeys.detail(sessionId), 'events', 'first-page'],
    queryFn: async ({ signal }): Promise<{ events: PublicEvent[]; isComplete: boolean }> => {
      const page = await fetchEventPage(sessionId, null, HISTORY_PAGE, signal)
      return { events: page.events, isComplete: !page.hasMore }
    },
    staleTime: 5_000,
  })

export type RestoreRequest = { checkpointId: string; reason: string; idempotencyKey: string }

/**
 * Restores the session's state to a checkpoint. It appends `session.restored` and truncates
 * nothing; the same key with the same request answers the first receipt again.
 */
export function useRestoreCheckpoint(
  sessionId: string,
  options?: WriteOptions<CheckpointReceipt, RestoreRequest>,
) {
  return useWrite(
    {
      write: async ({ checkpointId, reason, idempotencyKey }: RestoreRequest) => {
        const { data } = await send(apiBaseUrl(), 'POST', sessionPath(sessionId, '/checkpoints/restore'), {
          params: { header: { 'Idempotency-Key': idempotencyKey } },
          body: { checkpoint_id: checkpointId, reason: reason.trim() },
        })
        return decodeCheckpointReceipt(data)
      },
      // A lost answer may have restored: the list (a restore is a checkpoint too) either way.
      refresh: (queryClient) =>
        invalidateAll(queryClient, [checkpointsKey(sessionId), sessionKeys.turns(sessionId)]),
      refreshAfter: 'settled',
    },
    options,
  )
}

/**
 * One fork, as the flow keeps it between attempts: the keys of both writes and the target once it
 * exists. Upstream's session create reads no Idempotency-Key (api-notes C16), so the create's key
 * travels as the session's `externalKey`: after a create whose answer was lost, the retry finds
 * that session by it instead of making a second one.
 */
export type ForkPlan = {
  sourceSessionId: string
  agentId: string
  /** The target's environment; null lets the server choose (the agent's default, C17). */
  environmentId: string | null
  checkpointId: string
  reason: string
  createKey: string
  forkKey: string
  /** The target made by an earlier attempt (kept so a retry forks into it). */
  targetSessionId: string | null
  /** When an earlier attempt sent the create (server time unknown: the console's clock). */
  createSentAt: number | null
}

export type ForkProgress = {
  /** Called before the create is sent, so a lost answer can be looked for on the next attempt. */
  onCreateSent: (at: number) => void
  onTargetCreated: (session: Session) => void
}

export type ForkResult = { target: Session | null; targetSessionId: string; receipt: CheckpointReceipt }

/** The session an earlier, unanswered create made, found by its `externalKey`. */
async function findEarlierTarget(plan: ForkPlan): Promise<Session | null> {
  const page = await readSessionPage({ status: 'all', agentId: plan.agentId }, 0, 50)
  return page.items.find((session) => session.externalKey === plan.createKey) ?? null
}

async function forkIntoNewSession(plan: ForkPlan, progress: ForkProgress): Promise<ForkResult> {
  let target: Session | null = null
  let targetSessionId = plan.targetSessionId
  if (targetSessionId === null && plan.createSentAt !== null) {
    target = await findEarlierTarget(plan)
    targetSessionId = target?.id ?? null
  }
  if (targetSessionId === null) {
    progress.onCreateSent(Date.now())
    const { data } = await api().POST('/api/v1/agent-sessions', {
      body: {
        agent: plan.agentId,
        externalKey: plan.createKey,
        ...(plan.environmentId ? { environmentId: plan.environmentId } : {}),
      },
    })
    target = decodeSession(data)
    targetSessionId = target.id
  }
  if (target) progress.onTargetCreated(target)
  const { data } = await send(apiBaseUrl(), 'POST', sessionPath(plan.sourceSessionId, '/fork'), {
    params: { header: { 'Idempotency-Key': plan.forkKey } },
    body: {
      checkpoint_id: plan.checkpointId,
      reason: plan.reason.trim(),
      target_session_id: targetSessionId,
    },
  })
  return { target, targetSessionId, receipt: decodeCheckpointReceipt(data) }
}

export type ForkRequest = { plan: ForkPlan; progress: ForkProgress }

/** Creates the empty target session (same agent, chosen environment) and forks into it. */
export function useForkIntoNewSession(options?: WriteOptions<ForkResult, ForkRequest>) {
  return useWrite(
    {
      write: ({ plan, progress }: ForkRequest) => forkIntoNewSession(plan, progress),
      // A failure may have created the target: the lists show it either way.
      refresh: (queryClient) => invalidateAll(queryClient, [sessionKeys.lists()]),
      refreshAfter: 'settled',
    },
    options,
  )
}
