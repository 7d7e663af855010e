import {
  eventTurnId,
  isFailedTool,
  requiredActionEventData,
  toolEventData,
  turnEventData,
} from '@/data/sessions/event-data'
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
    const tool = toolEventData(event)
    if (tool) {
      const { call } = tool
      if (!call) continue
      let record = records.get(call.key)
      if (!record) {
        record = {
          key: call.key,
          turnId: call.turnId,
          toolCallId: call.toolCallId,
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
        records.set(call.key, record)
      }
      const { turnId } = call
      record.eventIds.push(event.id)
      record.name = tool.name ?? record.name
      if (tool.input) record.input = tool.input
      record.status = tool.status ?? record.status
      if (event.type === 'tool.requested') record.requestedAt ??= event.created_at
      if (event.type === 'tool.dispatched') {
        record.dispatchedAt ??= event.created_at
        if (turnId !== null) setOf(waiting, turnId).add(record)
      }
      if (event.type === 'tool.delta') record.output += tool.output
      if (event.type === 'tool.completed') {
        if (tool.output) record.output = tool.output
        else if (!record.output && tool.result) record.output = tool.result.text
        record.result = tool.result?.value
        record.completedAt = event.created_at
        record.isComplete = true
        record.isError = isFailedTool({ status: record.status, result: tool.result })
        if (turnId !== null) {
          waiting.get(turnId)?.delete(record)
          if (record.suspendedAt !== null) setOf(toResume, turnId).add(record)
        }
      }
      continue
    }
    const turnId = eventTurnId(event)
    if (turnId === null) continue
    const action = requiredActionEventData(event)
    if (action?.verb === 'created') {
      const callId = action.toolCall?.id ?? null
      const record = callId === null ? undefined : records.get(`${turnId}:${callId}`)
      if (record) record.confirmation = { requestId: action.requestId, status: 'pending' }
    } else if (action) {
      for (const record of records.values()) {
        if (record.confirmation && record.confirmation.requestId === action.requestId) {
          record.confirmation.status = action.verb
        }
      }
    } else if (event.type === 'turn.requires_action') {
      const reason = turnEventData(event)?.reason ?? null
      for (const record of waiting.get(turnId) ?? []) {
        record.suspendedAt ??= event.created_at
        record.suspendReason ??= reason
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
