import type { PublicEvent } from './types'
import { isRecord, readNumber, readString, readText } from '@/lib/read-fields'

/**
 * Typed reads of a durable event's `data` (and of the same shapes in snapshot envelopes and work
 * item metadata). The envelope is checked when it arrives (parse-public-event.ts), but `data` is
 * an open object from the server: a field may be missing, of another type, or hostile. Every
 * screen reads it through these decoders, so a wrong type becomes "absent" in one place instead of
 * a crash, or an `[object Object]`, in one of many.
 *
 * Each family decoder returns null when the event is not of its family (or lacks the field that
 * identifies it), so it doubles as that family's guard: `const tool = toolEventData(event); if
 * (tool) …`. Field names follow public-event-v1.schema.json.
 */

type Data = Readonly<Record<string, unknown>>

/** The text of `content`/`output`: a string, or blocks that are strings or carry `text`. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .map((block: unknown) =>
      typeof block === 'string' ? block : isRecord(block) ? (readString(block.text) ?? '') : '',
    )
    .join('')
}

/** The family of an event type: `tool` for `tool.completed`, `session` for `session.status_idle`. */
export function eventFamily(type: string): string {
  return type.split('.', 1)[0] ?? ''
}

/** The verb after the family: `completed` for `tool.completed`; '' when there is none. */
export function eventVerb(type: string): string {
  const dot = type.indexOf('.')
  return dot < 0 ? '' : type.slice(dot + 1)
}

export function eventTurnId(event: PublicEvent): string | null {
  return readText(event.data.turn_id)
}

/** Upstream keys a tool call by `(turn_id, tool_call_id)`: the same call id may recur in another turn. */
export function toolCallKey(turnId: string | null, toolCallId: string): string {
  return `${turnId ?? ''}:${toolCallId}`
}

export type ToolCallRef = { turnId: string | null; toolCallId: string; key: string }

/** The tool call an event belongs to, whatever its family (tool events, and others that name one). */
export function eventToolCall(event: PublicEvent): ToolCallRef | null {
  const toolCallId = readText(event.data.tool_call_id)
  if (toolCallId === null) return null
  const turnId = eventTurnId(event)
  return { turnId, toolCallId, key: toolCallKey(turnId, toolCallId) }
}

export type TurnEventData = {
  turnId: string | null
  runId: string | null
  status: string | null
  reason: string | null
  errorCode: string | null
}

/** `turn.*` and `run.*` events: the turn's (or run's) status and why it moved. */
export function turnEventData(event: PublicEvent): TurnEventData | null {
  const family = eventFamily(event.type)
  if (family !== 'turn' && family !== 'run') return null
  const { data } = event
  return {
    turnId: readText(data.turn_id),
    runId: readText(data.run_id),
    status: readText(data.status),
    reason: readText(data.reason),
    errorCode: readText(data.error_code),
  }
}

export type ToolResult = {
  /** The result as sent, for the raw view. */
  value: unknown
  /** Its `content` as text. */
  text: string
  isError: boolean
}

export type ToolEventData = {
  turnId: string | null
  /** Null when the event names no call: it can be shown, not joined to a record. */
  call: ToolCallRef | null
  name: string | null
  status: string | null
  input: Record<string, unknown> | null
  /** Text of `output`: a delta's chunk, or the completed output. */
  output: string
  result: ToolResult | null
}

const FAILED_TOOL_STATUSES: ReadonlySet<string> = new Set(['failed', 'denied', 'error'])

/** `tool.*` events: requested, dispatched, delta, completed. */
export function toolEventData(event: PublicEvent): ToolEventData | null {
  if (eventFamily(event.type) !== 'tool') return null
  const { data } = event
  const result = data.result
  return {
    turnId: readText(data.turn_id),
    call: eventToolCall(event),
    name: readText(data.name),
    status: readText(data.status),
    input: isRecord(data.input) ? data.input : null,
    output: contentText(data.output),
    result:
      result === undefined || result === null
        ? null
        : {
            value: result,
            text: isRecord(result) ? contentText(result.content) : contentText(result),
            isError: isRecord(result) && result.is_error === true,
          },
  }
}

/** A tool call that ended badly: its result says `is_error`, or its status is a failure. */
export function isFailedTool(tool: Pick<ToolEventData, 'status' | 'result'>): boolean {
  return tool.result?.isError === true || (tool.status !== null && FAILED_TOOL_STATUSES.has(tool.status))
}

export type ItemEventData = {
  turnId: string | null
  itemId: string | null
  /** `user`, `assistant`…; null for a delta, which carries only content. */
  role: string | null
  text: string
  status: string | null
}

/** `item.*` events: conversation items and their streamed deltas. */
export function itemEventData(event: PublicEvent): ItemEventData | null {
  if (eventFamily(event.type) !== 'item') return null
  const { data } = event
  const base = { turnId: readText(data.turn_id), itemId: readText(data.item_id) }
  if (event.type === 'item.delta')
    return { ...base, role: null, text: contentText(data.content), status: null }
  const item = isRecord(data.item) ? data.item : {}
  return {
    ...base,
    role: readText(item.role),
    text: contentText(item.content),
    status: readText(item.status),
  }
}

export type RequiredActionEventData = {
  turnId: string | null
  requestId: string
  /** created, accepted, resolved, rejected. */
  verb: string
  kind: string | null
  reason: string | null
  toolCall: { id: string | null; name: string | null; input: unknown } | null
}

/** `required_action.*` events: a request for an answer and what became of it. */
export function requiredActionEventData(event: PublicEvent): RequiredActionEventData | null {
  if (eventFamily(event.type) !== 'required_action') return null
  const { data } = event
  const requestId = readText(data.request_id)
  if (requestId === null) return null
  const call = isRecord(data.tool_call) ? data.tool_call : null
  return {
    turnId: readText(data.turn_id),
    requestId,
    verb: eventVerb(event.type),
    kind: readText(data.kind),
    reason: readText(data.reason),
    toolCall: call ? { id: readText(call.id), name: readText(call.name), input: call.input } : null,
  }
}

export type UsageEventData = { model: string | null; inputTokens: number | null; outputTokens: number | null }

/** `usage.recorded`: tokens of one model call. */
export function usageEventData(event: PublicEvent): UsageEventData | null {
  if (event.type !== 'usage.recorded') return null
  const usage: Data = isRecord(event.data.usage) ? event.data.usage : {}
  return {
    model: readText(event.data.model),
    inputTokens: readNumber(usage.input_tokens),
    outputTokens: readNumber(usage.output_tokens),
  }
}

const HINT_TYPES: ReadonlySet<string> = new Set(['session.error', 'turn.failed', 'run.ended'])

/**
 * Error codes, reasons and messages a failure event recorded (what a diagnosis can match on).
 * Upstream's runner nests them: `session.error {error: {type, code, message, retry_status}}`.
 */
export function errorHints(event: PublicEvent): string[] {
  if (!HINT_TYPES.has(event.type)) return []
  const { data } = event
  const detail = isRecord(data.error) ? data.error : {}
  return [data.error_code, data.reason, data.message, detail.code, detail.message].flatMap((value) => {
    const text = readText(value)
    return text === null ? [] : [text]
  })
}
