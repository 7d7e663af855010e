import type { NativeFact, SessionRecord } from '../db/types'
import { appendEvent } from './event-log'
import { sha256Hex } from './ids'
import { appendFact, journalHead, readProjection } from './native-journal'
import { unansweredRequests } from './session-views'

/**
 * Checkpoints, restore and fork as upstream's SessionCheckpointService commits them
 * (agentscope-service/service-dataplane/…/web/managed/SessionCheckpointService.java @b589d28e):
 * - a checkpoint is a native journal fact of type `state/checkpoint`, `migration/baseline` or
 *   `state/restored`; its id is `cp_<eventId>` and nothing of its state is ever listed;
 * - restore and fork are one operation (`restore(user, source, target, …)`): a restore targets the
 *   source itself and appends `state/restored`, a fork appends `migration/baseline` to an empty
 *   target of the same agent. History is never truncated, nothing is requeued;
 * - the public log sees them as CommittedSessionEventProjector projects them: `state/restored` →
 *   `session.restored {checkpoint_id, operation_id, reason}`, `migration/baseline` →
 *   `session.context_initialized {items, coverage: "baseline_only"}`.
 */
export const CHECKPOINT_FACTS: ReadonlySet<string> = new Set([
  'state/checkpoint',
  'migration/baseline',
  'state/restored',
])

export const checkpointIdOf = (fact: NativeFact) => `cp_${fact.id}`

// Upstream's wording, each one a ResponseStatusException of SessionCheckpointService or the controller.
export const CHECKPOINT_MESSAGES = {
  required: 'Key, checkpoint_id and reason are required',
  sameAgent: 'Fork target must use the same Agent',
  keyReused: 'Checkpoint key reused with different request',
  unsettledTurns: 'Finish or cancel pending turns before changing session state',
  unreconciled: 'Reconcile execution and resolve interactions first',
  pendingInput: 'Pending session input must be consumed before restore',
  notEmpty: 'Fork destination must be empty',
  notFound: 'Checkpoint not found',
  unresolvedAtCheckpoint: 'Selected checkpoint has unresolved dispatched tools',
  unknownCursor: 'Unknown checkpoint cursor',
  createTarget: 'Create an empty target session before forking',
} as const

export type Refusal = { status: number; message: string }

export type CheckpointListItem = {
  checkpoint_id: string
  created_at: number
  turn_id: string | null
  run_id: string | null
  reason: string | null
}

/** SessionCheckpointService.list: checkpoints in journal order, after the `after` one. */
export function listCheckpoints(
  record: SessionRecord,
  after: string | null,
  limit: number,
): { data: CheckpointListItem[]; next_cursor: string | null; has_more: boolean } | Refusal {
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) return { status: 400, message: 'Bad Request' }
  const data: CheckpointListItem[] = []
  let collecting = after === null
  let more = false
  let next = after
  for (const fact of record.journal ?? []) {
    if (!CHECKPOINT_FACTS.has(fact.type)) continue
    const id = checkpointIdOf(fact)
    if (!collecting) {
      if (id === after) collecting = true
      continue
    }
    if (data.length === limit) {
      more = true
      break
    }
    data.push({
      checkpoint_id: id,
      created_at: fact.createdAt,
      turn_id: fact.turnId,
      run_id: fact.executionRunId,
      reason: typeof fact.data.reason === 'string' ? fact.data.reason : null,
    })
    next = id
  }
  if (!collecting) return { status: 400, message: CHECKPOINT_MESSAGES.unknownCursor }
  return { data, next_cursor: next, has_more: more }
}

type ContextMessage = { id: string; role: string; content: unknown[] }

/**
 * The agent state a checkpoint carries, as far as the mock keeps one: the conversation so far
 * (user and assistant messages of the public log). Upstream's AgentState holds more (tasks, plan,
 * permissions); none of it is ever shown, only the context a fork copies into its baseline.
 */
export function contextStateJson(record: SessionRecord): string {
  const context: ContextMessage[] = []
  for (const event of record.events) {
    if (event.type !== 'item.completed') continue
    const item = event.data.item as
      { id?: unknown; type?: unknown; role?: unknown; content?: unknown } | undefined
    if (item?.type !== 'message' || typeof item.id !== 'string') continue
    if (item.role !== 'user' && item.role !== 'assistant') continue
    context.push({ id: item.id, role: item.role, content: Array.isArray(item.content) ? item.content : [] })
  }
  return JSON.stringify({ session_id: record.session.id, context })
}

/** A checkpoint at the end of a run (the run's state committed with it). */
export function commitRunCheckpoint(record: SessionRecord, runId: string | null, turnId: string, at: number) {
  appendFact(
    record,
    {
      type: 'state/checkpoint',
      runId,
      turnId,
      data: { stateJson: contextStateJson(record), projectorVersion: 1 },
    },
    at,
  )
}

/**
 * SessionCheckpointService.requireSettled, in its order: every turn completed or cancelled; nothing
 * uncertain, no active run, no pending interaction; no accepted steer/inject left unapplied.
 */
export function settledRefusal(record: SessionRecord): Refusal | null {
  if (record.turns.some((turn) => turn.status !== 'completed' && turn.status !== 'cancelled'))
    return { status: 409, message: CHECKPOINT_MESSAGES.unsettledTurns }
  const projection = readProjection(record)
  const hasPendingInteraction = record.turns.some((turn) => unansweredRequests(record, turn.id).size > 0)
  if (projection.uncertainToolCalls.length > 0 || projection.activeRuns.length > 0 || hasPendingInteraction)
    return { status: 409, message: CHECKPOINT_MESSAGES.unreconciled }
  if ((record.inputs ?? []).some((input) => input.status === 'accepted'))
    return { status: 409, message: CHECKPOINT_MESSAGES.pendingInput }
  return null
}

export type CheckpointReceipt = {
  source_session_id: string
  session_id: string
  checkpoint_id: string
  operation_id: string
  status: 'completed'
}

const receiptOf = (
  source: string,
  target: string,
  checkpoint: string,
  operation: string,
): CheckpointReceipt => ({
  source_session_id: source,
  session_id: target,
  checkpoint_id: checkpoint,
  operation_id: operation,
  status: 'completed',
})

/** The checkpoint selected in the source journal, or why it cannot be used. */
function selectCheckpoint(source: SessionRecord, checkpointId: string): NativeFact | Refusal {
  const uncertain = new Set<string>()
  for (const fact of source.journal ?? []) {
    if (fact.type === 'tool/dispatch' && typeof fact.data.toolCallId === 'string')
      uncertain.add(fact.data.toolCallId)
    if (fact.type === 'action/end' && fact.data.result != null && typeof fact.data.toolCallId === 'string')
      uncertain.delete(fact.data.toolCallId)
    if (fact.type === 'recovery/applied' && Array.isArray(fact.data.resolvedToolCallIds))
      for (const id of fact.data.resolvedToolCallIds) uncertain.delete(String(id))
    if (checkpointIdOf(fact) === checkpointId && CHECKPOINT_FACTS.has(fact.type)) {
      return uncertain.size > 0 ? { status: 409, message: CHECKPOINT_MESSAGES.unresolvedAtCheckpoint } : fact
    }
  }
  return { status: 404, message: CHECKPOINT_MESSAGES.notFound }
}

/** The baseline's context as the public `session.context_initialized` lists it (system messages left out). */
function baselineItems(stateJson: string): Record<string, unknown>[] {
  let context: ContextMessage[] = []
  try {
    const state = JSON.parse(stateJson) as { context?: unknown }
    if (Array.isArray(state.context)) context = state.context as ContextMessage[]
  } catch {
    // An unreadable state copies no messages.
  }
  return context
    .filter((message) => message.role !== 'system')
    .map((message) => ({
      id: `item_${message.id}`,
      message_id: message.id,
      type: 'message',
      role: message.role,
      status: 'completed',
      content: message.content,
    }))
}

/**
 * SessionCheckpointService.restore: a restore when source and target are the same session, a fork
 * otherwise. The operation id hashes (user, target, key), so a retry with the same key and request
 * answers the first receipt and the same key with another request is refused.
 */
export async function restoreCheckpoint(input: {
  userId: string
  source: SessionRecord
  target: SessionRecord
  checkpointId: string
  key: string
  reason: string
  at: number
}): Promise<CheckpointReceipt | Refusal> {
  const { userId, source, target, checkpointId, key, reason, at } = input
  if (key.trim() === '' || key.length > 256 || checkpointId === '' || reason.trim() === '')
    return { status: 400, message: CHECKPOINT_MESSAGES.required }
  if (source.session.agentId !== target.session.agentId)
    return { status: 409, message: CHECKPOINT_MESSAGES.sameAgent }
  const sourceId = source.session.id
  const targetId = target.session.id
  const isFork = sourceId !== targetId
  const operation = await sha256Hex(`${userId}\n${targetId}\ncheckpoint\n${key}`)
  const earlier = (target.journal ?? []).find((fact) => fact.data.operation_id === operation)
  if (earlier) {
    if (
      earlier.data.checkpoint_id !== checkpointId ||
      earlier.data.reason !== reason ||
      earlier.data.source_session_id !== sourceId
    )
      return { status: 409, message: CHECKPOINT_MESSAGES.keyReused }
    return receiptOf(sourceId, targetId, checkpointId, operation)
  }
  const unsettled = settledRefusal(source) ?? (isFork ? settledRefusal(target) : null)
  if (unsettled) return unsettled
  if (isFork && journalHead(target) !== 0) return { status: 409, message: CHECKPOINT_MESSAGES.notEmpty }
  const selected = selectCheckpoint(source, checkpointId)
  if ('status' in selected) return selected
  let state: Record<string, unknown> = {}
  try {
    const stored = selected.data.stateJson
    state = JSON.parse(typeof stored === 'string' ? stored : '{}') as Record<string, unknown>
  } catch {
    // Kept empty: the mock's own checkpoints are always readable JSON.
  }
  const stateJson = JSON.stringify({ ...state, session_id: targetId, user_id: userId })
  const fact = appendFact(
    target,
    {
      type: isFork ? 'migration/baseline' : 'state/restored',
      id: `restore_${operation.slice(0, 56)}`,
      data: {
        stateJson,
        coverage: 'baseline_only',
        source_session_id: sourceId,
        checkpoint_id: checkpointId,
        operation_id: operation,
        reason,
        projectorVersion: 1,
      },
    },
    at,
  )
  // CommittedSessionEventProjector: the fact's public envelope (its source names the native fact).
  const source_ = { native_event_id: fact.id, native_seq: fact.seq }
  if (isFork)
    appendEvent(
      target,
      'session.context_initialized',
      { items: baselineItems(stateJson), coverage: 'baseline_only', source: source_ },
      at,
    )
  else
    appendEvent(
      target,
      'session.restored',
      { checkpoint_id: checkpointId, operation_id: operation, reason, source: source_ },
      at,
    )
  return receiptOf(sourceId, targetId, checkpointId, operation)
}

export const CANCEL_UNCERTAIN_MESSAGE =
  'Reconcile uncertain tool outcomes before cancelling this interrupted turn'

/**
 * SessionRecovery.cancelPending (agentscope-core/…/session/SessionRecovery.java @b589d28e), for a
 * failed, interrupted or paused turn being cancelled: refused while a call is uncertain; else the
 * state is checkpointed (`pending_cancelled`), runs left open are closed, and `turn/cancelled` ends it.
 */
export function cancelPending(
  record: SessionRecord,
  turnId: string,
  runId: string,
  at: number,
): Refusal | null {
  const projection = readProjection(record)
  if (projection.uncertainToolCalls.length > 0) return { status: 409, message: CANCEL_UNCERTAIN_MESSAGE }
  if (projection.stateJson === null) return null
  if ((record.journal ?? []).some((fact) => fact.type === 'turn/cancelled' && fact.turnId === turnId))
    return null
  appendFact(
    record,
    {
      type: 'state/checkpoint',
      runId,
      turnId,
      data: { stateJson: contextStateJson(record), projectorVersion: 1, reason: 'pending_cancelled' },
    },
    at,
  )
  if (projection.activeRuns.length > 0)
    appendFact(
      record,
      {
        type: 'recovery/applied',
        runId,
        turnId,
        data: { interruptedRuns: projection.activeRuns, reason: 'caller_cancelled' },
      },
      at,
    )
  appendFact(record, { type: 'turn/cancelled', runId, turnId, data: { status: 'cancelled' } }, at)
  return null
}
