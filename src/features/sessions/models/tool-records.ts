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
  /** The run that requested the call, when the events name one. */
  runId: string | null
  firstEventId: string
  eventIds: string[]
}

const RESUME_TYPES: ReadonlySet<string> = new Set(['turn.queued', 'run.started', 'turn.running'])

/**
 * Folds tool records one event at a time, so the transcript can extend them as live events arrive
 * instead of folding the whole log again. Records are mutated in place: a view that holds one
 * sees its latest state after each `add`.
 */
export class ToolRecordFold {
  readonly records = new Map<string, ToolRecord>()
  private readonly waiting = new Map<string, Set<ToolRecord>>()
  private readonly toResume = new Map<string, Set<ToolRecord>>()
  private readonly byRequest = new Map<string, ToolRecord>()

  private setOf(map: Map<string, Set<ToolRecord>>, turnId: string) {
    let set = map.get(turnId)
    if (!set) map.set(turnId, (set = new Set()))
    return set
  }

  /** Applies one event; returns the record it touched, if any. */
  add(event: PublicEvent): ToolRecord | null {
    const tool = toolEventData(event)
    if (tool) return this.addTool(event, tool)
    const turnId = eventTurnId(event)
    if (turnId === null) return null
    const action = requiredActionEventData(event)
    if (action?.verb === 'created') {
      const callId = action.toolCall?.id ?? null
      const record = callId === null ? undefined : this.records.get(`${turnId}:${callId}`)
      if (!record) return null
      record.confirmation = { requestId: action.requestId, status: 'pending' }
      this.byRequest.set(action.requestId, record)
      return record
    }
    if (action) {
      const record = this.byRequest.get(action.requestId)
      if (record?.confirmation) record.confirmation.status = action.verb
      return record ?? null
    }
    if (event.type === 'turn.requires_action') {
      const reason = turnEventData(event)?.reason ?? null
      for (const record of this.waiting.get(turnId) ?? []) {
        record.suspendedAt ??= event.created_at
        record.suspendReason ??= reason
      }
    } else if (RESUME_TYPES.has(event.type)) {
      const pending = this.toResume.get(turnId)
      for (const record of pending ?? []) record.resumedAt ??= event.created_at
      pending?.clear()
    }
    return null
  }

  private addTool(
    event: PublicEvent,
    tool: NonNullable<ReturnType<typeof toolEventData>>,
  ): ToolRecord | null {
    const { call } = tool
    if (!call) return null
    let record = this.records.get(call.key)
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
        runId: null,
        firstEventId: event.id,
        eventIds: [],
      }
      this.records.set(call.key, record)
    }
    const { turnId } = call
    record.eventIds.push(event.id)
    record.name = tool.name ?? record.name
    if (tool.input) record.input = tool.input
    record.runId ??= typeof event.data.run_id === 'string' && event.data.run_id ? event.data.run_id : null
    // A completed call keeps its outcome: a late delta or a replayed dispatch does not reopen it.
    if (!record.isComplete || event.type === 'tool.completed') record.status = tool.status ?? record.status
    if (event.type === 'tool.requested') record.requestedAt ??= event.created_at
    if (event.type === 'tool.dispatched') {
      record.dispatchedAt ??= event.created_at
      if (turnId !== null && !record.isComplete) this.setOf(this.waiting, turnId).add(record)
    }
    if (event.type === 'tool.delta' && !record.isComplete) record.output += tool.output
    if (event.type === 'tool.completed') {
      if (tool.output) record.output = tool.output
      else if (!record.output && tool.result) record.output = tool.result.text
      record.result = tool.result?.value
      record.completedAt = event.created_at
      record.isComplete = true
      record.isError = isFailedTool({ status: record.status, result: tool.result })
      if (turnId !== null) {
        this.waiting.get(turnId)?.delete(record)
        if (record.suspendedAt !== null) this.setOf(this.toResume, turnId).add(record)
      }
    }
    return record
  }
}

/**
 * One record per tool call, keyed `(turn_id, tool_call_id)` as upstream keys them, folded from
 * `tool.requested → tool.dispatched → tool.delta* → tool.completed` plus the turn events around
 * them: when the turn suspended for the call and when it resumed after the result.
 */
export function buildToolRecords(events: readonly PublicEvent[]): ToolRecord[] {
  const fold = new ToolRecordFold()
  for (const event of events) fold.add(event)
  return [...fold.records.values()]
}
