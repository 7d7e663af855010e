import { parsePublicEventValue } from './parse-public-event'
import type {
  ChildSessionRef,
  EnvironmentSource,
  EventPage,
  ResourceEnvelope,
  Session,
  Snapshot,
  Turn,
  TurnStatus,
  Usage,
} from './types'
import { expectRecord, malformedField } from '@/api/response-guards'
import { isRecord, readNumber, readString, readText, readTime } from '@/lib/read-fields'

/*
 * The Agent Session API's answers, read as `unknown` and turned into the console's models once.
 * A field the console needs to name or order a thing (an id, a status, a time) missing or of the
 * wrong type makes the answer malformed; any other field of the wrong type reads as absent.
 */

/** Optional fields: present in the model only when the server sent them with the right type. */
function optional<K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } {
  return (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V }
}

/** Fields the server sends as JSON `null` on purpose (no version pinned, not archived). */
function nullable<K extends string, V>(key: K, sent: unknown, value: V | null): { [P in K]?: V | null } {
  if (sent === null) return { [key]: null } as { [P in K]?: V | null }
  return optional(key, value)
}

function readStrings(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : null
}

function readRecords(value: unknown): Record<string, unknown>[] | null {
  return Array.isArray(value) ? value.filter(isRecord) : null
}

const ENVIRONMENT_SOURCES: ReadonlySet<string> = new Set<EnvironmentSource>([
  'agent_default',
  'explicit',
  'changed',
])

function requireText(record: Record<string, unknown>, key: string, what: string): string {
  const value = readText(record[key])
  if (value === null) throw malformedField(what, key)
  return value
}

function requireTime(record: Record<string, unknown>, key: string, what: string): number {
  const value = readTime(record[key])
  if (value === null) throw malformedField(what, key)
  return value
}

/** One session from a list, a read, a create, a PATCH or an archive answer. */
export function decodeSession(value: unknown, what = 'session'): Session {
  const record = expectRecord(value, what)
  const createdAt = requireTime(record, 'createdAt', what)
  const source = readText(record.environmentSource)
  return {
    id: requireText(record, 'id', what),
    agentId: requireText(record, 'agentId', what),
    status: requireText(record, 'status', what),
    createdAt,
    updatedAt: readTime(record.updatedAt) ?? createdAt,
    ...optional('ownerId', readText(record.ownerId)),
    ...optional('agentOwnerId', readText(record.agentOwnerId)),
    ...nullable('agentVersion', record.agentVersion, readNumber(record.agentVersion)),
    ...optional('agentRefType', readText(record.agentRefType)),
    ...optional('agentOverridesJson', readString(record.agentOverridesJson)),
    ...optional('environmentId', readText(record.environmentId)),
    ...nullable('externalKey', record.externalKey, readText(record.externalKey)),
    ...optional('memoryStoreIds', readStrings(record.memoryStoreIds)),
    ...optional('vaultIds', readStrings(record.vaultIds)),
    ...optional('resources', readRecords(record.resources)),
    ...nullable('stopReason', record.stopReason, isRecord(record.stopReason) ? record.stopReason : null),
    ...nullable('archivedAt', record.archivedAt, readTime(record.archivedAt)),
    ...optional('target', isRecord(record.target) ? record.target : null),
    ...optional(
      'environmentSource',
      source !== null && ENVIRONMENT_SOURCES.has(source) ? (source as EnvironmentSource) : null,
    ),
    ...nullable('environmentChangedAt', record.environmentChangedAt, readTime(record.environmentChangedAt)),
    ...optional('lastActivityAt', readTime(record.lastActivityAt)),
  }
}

const TURN_STATUSES: ReadonlySet<string> = new Set<TurnStatus>([
  'queued',
  'running',
  'requires_action',
  'completed',
  'failed',
  'cancelled',
  'interrupted',
  'cancel_requested',
])

/**
 * One turn from the turn list or a turn command's answer. A status the console does not know is
 * malformed: every screen branches on it, and guessing would show a finished turn as running.
 */
export function decodeTurn(value: unknown, what = 'turn', sessionId?: string): Turn {
  const record = expectRecord(value, what)
  const status = requireText(record, 'status', what)
  if (!TURN_STATUSES.has(status)) throw malformedField(what, 'status')
  const sent = readText(record.sessionId) ?? sessionId
  if (sent === undefined) throw malformedField(what, 'sessionId')
  return {
    id: requireText(record, 'id', what),
    sessionId: sent,
    status: status as TurnStatus,
    createdAt: requireTime(record, 'createdAt', what),
    ...nullable('errorCode', record.errorCode, readText(record.errorCode)),
  }
}

export function decodeEnvelopes(value: unknown): ResourceEnvelope[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item): ResourceEnvelope[] => {
    if (!isRecord(item) || !isRecord(item.data)) return []
    const type = readText(item.type)
    if (type === null) return []
    return [
      {
        type,
        data: item.data,
        ...optional('id', readText(item.id)),
        ...optional('session_id', readText(item.session_id)),
        ...optional('created_at', readNumber(item.created_at)),
        ...optional('cursor', readText(item.cursor)),
      },
    ]
  })
}

export function decodeUsage(value: unknown): Usage {
  const record = isRecord(value) ? value : {}
  return {
    scope: record.scope === 'session_tree' ? 'session_tree' : 'session_only',
    model_calls: readNumber(record.model_calls) ?? 0,
    totals: isRecord(record.totals) ? record.totals : {},
    ...optional('estimated_cost', readNumber(record.estimated_cost)),
    ...nullable('currency', record.currency, readText(record.currency)),
    ...optional('cost_complete', typeof record.cost_complete === 'boolean' ? record.cost_complete : null),
    ...optional('unpriced_calls', readNumber(record.unpriced_calls)),
  }
}

function decodeSnapshotSession(value: unknown): Session | ChildSessionRef | null {
  if (!isRecord(value)) return null
  const parent = readText(value.parent_session_id)
  const id = readText(value.id)
  if (parent !== null && id !== null) return { id, parent_session_id: parent }
  try {
    return decodeSession(value, 'snapshot session')
  } catch {
    return null
  }
}

/**
 * A session's snapshot at its `as_of` watermark. The watermark is required (the log resumes from
 * it); a resource list that is missing or not a list reads as empty, and a missing `usage` as no
 * calls, so an older or partial answer still shows what it has.
 */
export function decodeSnapshot(value: unknown, what = 'snapshot'): Snapshot {
  const record = expectRecord(value, what)
  return {
    session: decodeSnapshotSession(record.session),
    as_of: requireText(record, 'as_of', what),
    usage: decodeUsage(record.usage),
    items: decodeEnvelopes(record.items),
    tools: decodeEnvelopes(record.tools),
    turns: decodeEnvelopes(record.turns),
    runs: decodeEnvelopes(record.runs),
    required_actions: decodeEnvelopes(record.required_actions),
    action_commands: decodeEnvelopes(record.action_commands),
    inputs: decodeEnvelopes(record.inputs),
    artifacts: decodeEnvelopes(record.artifacts),
    subagents: decodeEnvelopes(record.subagents),
    raw: record,
  }
}

/**
 * One page of the event log. `has_more` is required (paging stops on it); an event that is not a
 * v1 envelope is left out, as the stream leaves it out. `next_cursor` is always a string upstream
 * (C20), an empty one included; an older server's missing one reads as null.
 */
export function decodeEventPage(value: unknown, what = 'event page'): EventPage {
  const record = expectRecord(value, what)
  if (typeof record.has_more !== 'boolean') throw malformedField(what, 'has_more')
  if (!('data' in record)) throw malformedField(what, 'data')
  const events = (Array.isArray(record.data) ? record.data : []).flatMap((event) => {
    const parsed = parsePublicEventValue(event)
    return parsed ? [parsed] : []
  })
  return { events, nextCursor: readString(record.next_cursor), hasMore: record.has_more }
}
