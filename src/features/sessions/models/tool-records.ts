import type { PublicEvent } from './event-store'

export type ToolRecord = {
  key: string
  turnId: string | null
  toolCallId: string
  name: string
  input: Record<string, unknown> | null
  /** Text output: streamed deltas, replaced by the completed output when it carries one. */
  output: string
  result: unknown
  status: string
  isError: boolean
  isComplete: boolean
  requestedAt: number | null
  dispatchedAt: number | null
  completedAt: number | null
  /** The turn suspended waiting for this call (a self-hosted worker, or a confirmation). */
  suspendedAt: number | null
  suspendReason: string | null
  /** The turn went back to work after this call's result. */
  resumedAt: number | null
  confirmation: { requestId: string; status: string } | null
  firstEventId: string
  eventIds: string[]
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null)
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Text of `output`: a string, or content blocks with `text`. */
export function outputText(output: unknown): string {
  if (typeof output === 'string') return output
  if (!Array.isArray(output)) return ''
  return output
    .map((block: unknown) =>
      typeof block === 'string' ? block : isRecord(block) ? (str(block.text) ?? '') : '',
    )
    .join('')
}

function isResultError(result: unknown): boolean {
  return isRecord(result) && result.is_error === true
}

/**
 * One record per tool call, keyed `(turn_id, tool_call_id)` as upstream keys them, folded from
 * `tool.requested → tool.dispatched → tool.delta* → tool.completed` plus the turn events around
 * them: when the turn suspended for the call and when it resumed after the result.
 */
export function buildToolRecords(events: readonly PublicEvent[]): ToolRecord[] {
  const records = new Map<string, ToolRecord>()
  const waiting = new Map<string, Set<ToolRecord>>()
  const toResume = new Map<string, Set<ToolRecord>>()
  const setOf = (map: Map<string, Set<ToolRecord>>, turnId: string) => {
    let set = map.get(turnId)
    if (!set) map.set(turnId, (set = new Set()))
    return set
  }

  for (const event of events) {
    const { data } = event
    const turnId = str(data.turn_id)
    if (event.type.startsWith('tool.')) {
      const callId = str(data.tool_call_id)
      if (callId === null) continue
      const key = `${turnId ?? ''}:${callId}`
      let record = records.get(key)
      if (!record) {
        record = {
          key,
          turnId,
          toolCallId: callId,
          name: 'tool',
          input: null,
          output: '',
          result: undefined,
          status: 'requested',
          isError: false,
          isComplete: false,
          requestedAt: null,
          dispatchedAt: null,
          completedAt: null,
          suspendedAt: null,
          suspendReason: null,
          resumedAt: null,
          confirmation: null,
          firstEventId: event.id,
          eventIds: [],
        }
        records.set(key, record)
      }
      record.eventIds.push(event.id)
      record.name = str(data.name) ?? record.name
      if (isRecord(data.input)) record.input = data.input
      record.status = str(data.status) ?? record.status
      if (event.type === 'tool.requested') record.requestedAt ??= event.created_at
      if (event.type === 'tool.dispatched') {
        record.dispatchedAt ??= event.created_at
        if (turnId !== null) setOf(waiting, turnId).add(record)
      }
      if (event.type === 'tool.delta') record.output += outputText(data.output)
      if (event.type === 'tool.completed') {
        const full = outputText(data.output)
        if (full) record.output = full
        else if (!record.output && isRecord(data.result)) record.output = outputText(data.result.content)
        record.result = data.result
        record.completedAt = event.created_at
        record.isComplete = true
        record.isError = isResultError(data.result) || ['failed', 'denied', 'error'].includes(record.status)
        if (turnId !== null) {
          waiting.get(turnId)?.delete(record)
          if (record.suspendedAt !== null) setOf(toResume, turnId).add(record)
        }
      }
      continue
    }
    if (turnId === null) continue
    if (event.type === 'required_action.created' && isRecord(data.tool_call)) {
      const callId = str(data.tool_call.id)
      const record = callId === null ? undefined : records.get(`${turnId}:${callId}`)
      const requestId = str(data.request_id)
      if (record && requestId) record.confirmation = { requestId, status: 'pending' }
    } else if (event.type.startsWith('required_action.')) {
      for (const record of records.values()) {
        if (record.confirmation && record.confirmation.requestId === data.request_id) {
          record.confirmation.status = event.type.slice('required_action.'.length)
        }
      }
    } else if (event.type === 'turn.requires_action') {
      for (const record of waiting.get(turnId) ?? []) {
        record.suspendedAt ??= event.created_at
        record.suspendReason ??= str(data.reason)
      }
    } else if (
      event.type === 'turn.queued' ||
      event.type === 'run.started' ||
      event.type === 'turn.running'
    ) {
      const pending = toResume.get(turnId)
      for (const record of pending ?? []) record.resumedAt ??= event.created_at
      pending?.clear()
    }
  }
  return [...records.values()]
}
