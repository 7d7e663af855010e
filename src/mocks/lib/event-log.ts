import type { components } from '@/api/schema.gen'
import type { SessionRecord } from '../db/types'
import { encodeCursor } from './cursor'
import { notify } from './event-bus'
import type { IdFactory } from './ids'

/**
 * A session's durable event log and the state kept in step with it (turns, session status). The
 * seed's history writer, the session handlers and the execution engine all append through here,
 * so every event is stamped the same way and wakes the live streams.
 */
type Schemas = components['schemas']
export type PublicEvent = Schemas['PublicEvent']
export type Turn = Schemas['Turn']
export type TurnStatus = Schemas['TurnStatus']
export type EventData = Record<string, unknown>

/** Turn states in which the turn still holds the session (PATCH, archive and delete wait for it). */
export const OPEN_TURN_STATUSES: readonly TurnStatus[] = [
  'queued',
  'running',
  'requires_action',
  'cancel_requested',
]

export function isTurnOpen(turn: Turn): boolean {
  return OPEN_TURN_STATUSES.includes(turn.status)
}

/** Sequence of the newest event; 0 for an empty log. The log holds contiguous sequences. */
export function headSeq(record: SessionRecord): number {
  return record.nextSeq - 1
}

/** Sequence of `record.events[0]` (events before it were compacted away). */
export function firstSeq(record: SessionRecord): number {
  return record.nextSeq - record.events.length
}

/** Cursor of the newest event: the watermark snapshots and views answer `as_of`. */
export function headCursor(record: SessionRecord): string {
  return encodeCursor(record.session.id, headSeq(record))
}

function eventId(sessionId: string, seq: number): string {
  return `evt_${sessionId.replace(/^sess_/, '')}_${seq.toString(36).padStart(6, '0')}`
}

/**
 * The one way events enter a session's log, for the seed, the handlers and the engine alike:
 * it stamps the envelope (id, cursor, schema_version 1), keeps `lastActivityAt` current and
 * wakes the live streams.
 */
export function appendEvent(
  record: SessionRecord,
  type: string,
  data: EventData,
  createdAt: number,
): PublicEvent {
  const seq = record.nextSeq
  const sessionId = record.session.id
  const event: PublicEvent = {
    schema_version: 1,
    id: eventId(sessionId, seq),
    type,
    session_id: sessionId,
    created_at: createdAt,
    cursor: encodeCursor(sessionId, seq),
    data,
  }
  record.events.push(event)
  record.nextSeq = seq + 1
  record.session.lastActivityAt = Math.max(record.session.lastActivityAt ?? 0, createdAt)
  notify(record)
  return event
}

/** A session with an empty log; the caller appends `session.status_created` once it is stored. */
export function createSessionRecord(
  session: Schemas['Session'],
  scope: { namespace: string; isRestricted: boolean },
): SessionRecord {
  return {
    ...scope,
    session,
    turns: [],
    events: [],
    nextSeq: 1,
    retainedFromSeq: 0,
    actionCommands: [],
    pendingTools: [],
  }
}

/** `turn.<status>` with the turn's new status, keeping `record.turns` in step with the log. */
export function transitionTurn(
  record: SessionRecord,
  turn: Turn,
  status: TurnStatus,
  at: number,
  extra: EventData = {},
): PublicEvent {
  turn.status = status
  if (typeof extra.error_code === 'string') turn.errorCode = extra.error_code
  return appendEvent(record, `turn.${status}`, { turn_id: turn.id, status, ...extra }, at)
}

/** `session.status_<status>`, mirrored into `session.status`. */
export function sessionStatus(
  record: SessionRecord,
  status: string,
  at: number,
  extra: EventData = {},
): PublicEvent {
  record.session.status = status
  return appendEvent(record, `session.status_${status}`, { status, ...extra }, at)
}

/** A block of user input as the turn carries it (text, image/audio/video/data, file). */
export type InputBlock = Record<string, unknown> & { type: string }

/** Starts a turn the way the server accepts one: turn.accepted → turn.queued, then the user's input item. */
export function acceptTurn(record: SessionRecord, ids: IdFactory, content: InputBlock[], at: number): Turn {
  const turn: Turn = {
    id: ids('turn'),
    sessionId: record.session.id,
    status: 'queued',
    createdAt: at,
    errorCode: null,
  }
  record.turns.push(turn)
  appendEvent(record, 'turn.accepted', { turn_id: turn.id, status: 'queued' }, at)
  transitionTurn(record, turn, 'queued', at)
  const itemId = ids('item')
  const item = { id: itemId, message_id: itemId, type: 'message', role: 'user', status: 'completed', content }
  appendEvent(record, 'item.started', { turn_id: turn.id, item_id: itemId, item }, at)
  appendEvent(record, 'item.completed', { turn_id: turn.id, item_id: itemId, item }, at)
  return turn
}

/**
 * A tool call suspended for a worker: upstream's pending-tools entry is the `agent.tool_use`
 * payload of the session's internal log, marked `state: pending` with that event's id and seq.
 */
export function addPendingTool(
  record: SessionRecord,
  ids: IdFactory,
  call: { id: string; name: string; input: Record<string, unknown> },
): Schemas['PendingTool'] {
  const seq = (record.internalSeq ?? 0) + 1
  record.internalSeq = seq
  const pending: Schemas['PendingTool'] = { ...call, state: 'pending', eventId: ids('sevt'), seq }
  record.pendingTools.push(pending)
  return pending
}
