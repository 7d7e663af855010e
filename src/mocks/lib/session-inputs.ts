import type { InputRecord, SessionRecord } from '../db/types'
import { appendEvent } from './event-log'
import type { IdFactory } from './ids'

/**
 * The session's input inbox, as upstream's SessionInputService, SessionInbox and SessionRecovery
 * keep it (agentscope-service/service-dataplane …/web/managed/SessionInputService.java and
 * agentscope-core …/session/SessionInbox.java at b589d28e):
 *
 * - `input_id` is a hash of (user, session, "input", Idempotency-Key), so a retry lands on the
 *   same command; the same key with another kind, turn or content is refused ("Idempotency key
 *   already used for different input") before the steering check runs.
 * - steering is admitted only while the turn is the inbox's current turn and its run is live.
 * - accepted inputs are applied at the next step boundary of a run (`input.applied`); cancelling
 *   a turn rejects its unapplied steering with `turn_cancelled` (SessionRecovery.rejectSteering).
 */

export const STEER_REFUSED = 'The requested turn no longer accepts steering'
export const INPUT_KEY_REUSED = 'Idempotency key already used for different input'

function fnv1a(text: string, seed: number): string {
  let hash = seed
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}

/** Two FNV-1a passes over the text upstream hashes: the mock only needs a stable, opaque id. */
export function inputIdFor(userId: string, sessionId: string, key: string): string {
  const text = `${userId}\n${sessionId}\ninput\n${key}`
  return `in_${fnv1a(text, 0x811c9dc5)}${fnv1a(text, 0x050c5d1f)}`
}

export function inboxOf(record: SessionRecord): InputRecord[] {
  record.inputs ??= []
  return record.inputs
}

export function findInput(record: SessionRecord, id: string): InputRecord | undefined {
  return record.inputs?.find((input) => input.id === id)
}

function inputEvent(
  record: SessionRecord,
  input: InputRecord,
  at: number,
  extra: Record<string, unknown> = {},
) {
  appendEvent(
    record,
    `input.${input.status}`,
    {
      input_id: input.id,
      kind: input.kind,
      status: input.status,
      ...(input.turnId ? { turn_id: input.turnId } : {}),
      ...(input.reason ? { reason: input.reason } : {}),
      ...extra,
    },
    at,
  )
}

/** Stores a new command and writes `input.accepted`. */
export function acceptInput(
  record: SessionRecord,
  input: Omit<InputRecord, 'status'>,
  at: number,
): InputRecord {
  const stored: InputRecord = { ...input, status: 'accepted' }
  inboxOf(record).push(stored)
  inputEvent(record, stored, at)
  return stored
}

/**
 * A run reached a step boundary: every accepted inject, and the accepted steering of this turn,
 * enters the conversation as a user message and is marked applied on this run. Returns what was
 * applied, so the runner can answer it in its next step.
 */
export function applyPendingInputs(
  record: SessionRecord,
  ids: IdFactory,
  turnId: string,
  runId: string,
  at: number,
): InputRecord[] {
  const due = (record.inputs ?? []).filter(
    (input) => input.status === 'accepted' && (input.kind === 'inject' || input.turnId === turnId),
  )
  for (const input of due) {
    input.status = 'applied'
    const itemId = ids('item')
    const item = {
      id: itemId,
      message_id: itemId,
      type: 'message',
      role: 'user',
      status: 'completed',
      content: input.content,
      input_id: input.id,
    }
    appendEvent(record, 'item.started', { turn_id: turnId, run_id: runId, item_id: itemId, item }, at)
    appendEvent(record, 'item.completed', { turn_id: turnId, run_id: runId, item_id: itemId, item }, at)
    inputEvent(record, input, at, { turn_id: turnId, run_id: runId })
  }
  return due
}

/** SessionRecovery.rejectSteering: the turn's unapplied steering is refused with `reason`. */
export function rejectSteering(record: SessionRecord, turnId: string, reason: string, at: number): void {
  for (const input of record.inputs ?? []) {
    if (input.kind !== 'steer' || input.turnId !== turnId || input.status !== 'accepted') continue
    input.status = 'rejected'
    input.reason = reason
    inputEvent(record, input, at)
  }
}

/** GET inputs: per input, the latest input.* event with the earlier events' data merged in (AgentSessionView). */
export function inputEnvelopes(record: SessionRecord): SessionRecord['events'] {
  const byId = new Map<string, SessionRecord['events'][number]>()
  for (const event of record.events) {
    if (!event.type.startsWith('input.')) continue
    const listed: unknown[] = Array.isArray(event.data.input_ids) ? event.data.input_ids : []
    const ids = [...listed, ...(event.data.input_id === undefined ? [] : [event.data.input_id])]
    for (const raw of ids) {
      const id = String(raw)
      const prior = byId.get(id)
      // Applied and rejected are final: a late accepted never moves an input back.
      if (event.type === 'input.accepted' && prior && prior.type !== 'input.accepted') continue
      byId.set(id, { ...event, data: { ...(prior?.data ?? {}), ...event.data, input_id: id } })
    }
  }
  return [...byId.values()]
}
