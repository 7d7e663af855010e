import type { SessionRecord } from '../db/types'
import type { Random } from '../lib/clock'
import type { IdFactory } from '../lib/ids'
import {
  appendEvent,
  sessionStatus,
  transitionTurn,
  type EventData,
  type PublicEvent,
  type Turn,
} from '../lib/event-log'
import { sessionErrorData, type TurnFailureCode } from '../lib/session-error'

/**
 * The event vocabulary of one turn (runs, assistant text, model calls, tools, confirmations,
 * endings) in the upstream order and shapes. The seed's HistoryWriter writes past turns with it
 * and the execution engine writes live ones, so both logs look alike event for event. Time comes
 * from `stamp`: the seed moves a fake clock by a random step, the engine reads the real one.
 */

/** Timestamp for the next event; `minMs`/`maxMs` is the gap the seed simulates before it. */
export type Stamp = (minMs: number, maxMs: number) => number

export type TurnEventWriterOptions = {
  ids: IdFactory
  random: Random
  model: string
  stamp: Stamp
}

/**
 * How a turn ends. `requires_action` and `queued` leave it open (nothing is written). A failed
 * turn names upstream's cause: `model_call_failed` (the model call raised) or `turn_failed`
 * (the turn could not be run at all).
 */
export type TurnEnding =
  | { status: 'completed' }
  | { status: 'failed'; errorCode: Exclude<TurnFailureCode, 'interrupted'>; reason: string }
  | { status: 'cancelled' }
  | { status: 'interrupted'; reason: string }
  | { status: 'requires_action' }
  | { status: 'queued' }

/** An assistant message being written: its ids and the fields every item event repeats. */
export type TextItem = { itemId: string; modelCallId: string; common: EventData; base: EventData }

/** Splits assistant text at whitespace, keeping the spaces, for streaming in word groups. */
export function splitWords(text: string): string[] {
  return text.split(/(?<=\s)/)
}

export class TurnEventWriter {
  /** The open run; null between runs. The engine restores it when it resumes a turn. */
  runId: string | null = null

  constructor(
    private readonly record: SessionRecord,
    private readonly options: TurnEventWriterOptions,
  ) {}

  private ids(prefix: string): string {
    return this.options.ids(prefix)
  }

  emit(type: string, data: EventData, minMs = 15, maxMs = 120): PublicEvent {
    return appendEvent(this.record, type, data, this.options.stamp(minMs, maxMs))
  }

  runData(turn: Turn): EventData {
    return this.runId ? { turn_id: turn.id, run_id: this.runId } : { turn_id: turn.id }
  }

  /** run.started → turn.running → session.status_running. */
  startRun(turn: Turn, reason: string): void {
    this.runId = this.ids('run')
    this.emit('run.started', { turn_id: turn.id, run_id: this.runId, status: 'running', reason }, 80, 900)
    transitionTurn(this.record, turn, 'running', this.options.stamp(1, 10), { run_id: this.runId })
    sessionStatus(this.record, 'running', this.options.stamp(1, 10), this.runData(turn))
  }

  /** turn.requires_action → run.ended (suspended) → session.status_requires_action. */
  suspend(turn: Turn, reason: string): void {
    transitionTurn(this.record, turn, 'requires_action', this.options.stamp(5, 40), {
      ...this.runData(turn),
      reason,
    })
    this.emit('run.ended', { ...this.runData(turn), status: 'suspended', reason })
    sessionStatus(this.record, 'requires_action', this.options.stamp(1, 10), this.runData(turn))
  }

  /**
   * One model call: model.completed and its usage.recorded (which feeds the usage view). Returns
   * the usage reported, or null when `isUsageReported` is false (the provider left it out: no
   * usage.recorded), for the budget ledger's settlement.
   */
  modelCall(
    turn: Turn,
    modelCallId: string,
    itemId: string,
    outputTokens: number,
    isUsageReported = true,
  ): { inputTokens: number; outputTokens: number } | null {
    const inputTokens = 900 + Math.floor(this.options.random() * 5200)
    const model = this.options.model
    this.emit('model.completed', {
      ...this.runData(turn),
      model_call_id: modelCallId,
      model,
      status: 'completed',
      item_id: itemId,
    })
    if (!isUsageReported) return null
    this.emit('usage.recorded', {
      ...this.runData(turn),
      model_call_id: modelCallId,
      model,
      scope: 'session_only',
      status: 'recorded',
      usage: {
        input_tokens: inputTokens,
        output_tokens: outputTokens,
        total_tokens: inputTokens + outputTokens,
      },
    })
    return { inputTokens, outputTokens }
  }

  /** item.started of an assistant message; deltas and item.completed follow. */
  textStarted(turn: Turn, reservedCallId?: string): TextItem {
    const itemId = this.ids('item')
    // The engine reserves its model call in the budget first, so it brings the id; the seed does not.
    const modelCallId = reservedCallId ?? this.ids('mc')
    const base = { id: itemId, message_id: itemId, type: 'message', role: 'assistant' }
    const common = { ...this.runData(turn), item_id: itemId, model_call_id: modelCallId }
    this.emit('item.started', { ...common, item: { ...base, status: 'in_progress', content: [] } }, 300, 1500)
    return { itemId, modelCallId, common, base }
  }

  textDelta(item: TextItem, position: number, chunk: string): void {
    this.emit(
      'item.delta',
      { ...item.common, message_id: item.itemId, position, content: [{ type: 'text', text: chunk }] },
      20,
      90,
    )
  }

  /** item.completed (replacing what the deltas built) and the model call that produced it (its usage). */
  textCompleted(
    turn: Turn,
    item: TextItem,
    text: string,
    isUsageReported = true,
  ): { inputTokens: number; outputTokens: number } | null {
    const completed = { ...item.base, status: 'completed', content: [{ type: 'text', text }] }
    this.emit('item.completed', { ...item.common, item: completed, final_output: false })
    return this.modelCall(
      turn,
      item.modelCallId,
      item.itemId,
      Math.max(8, Math.round(text.length / 4)),
      isUsageReported,
    )
  }

  /** tool.requested; the returned data keys every later event of this call. */
  toolRequested(turn: Turn, callId: string, name: string, input: EventData): EventData {
    const tool = { ...this.runData(turn), tool_call_id: callId, name }
    this.emit('tool.requested', { ...tool, input, status: 'requested' }, 40, 200)
    return tool
  }

  /** required_action.created for a confirmation of the call; returns the request id. */
  confirmationRequested(turn: Turn, callId: string, name: string, input: EventData): string {
    const requestId = this.ids('req')
    this.emit('required_action.created', {
      ...this.runData(turn),
      request_id: requestId,
      kind: 'confirmation',
      status: 'pending',
      pending: true,
      tool_call: { id: callId, name, input },
    })
    return requestId
  }

  toolDispatched(tool: EventData, input: EventData): void {
    this.emit('tool.dispatched', { ...tool, input, status: 'dispatched' })
  }

  toolDelta(tool: EventData, chunk: string): void {
    this.emit('tool.delta', { ...tool, status: 'running', output: [{ type: 'text', text: chunk }] }, 30, 400)
  }

  toolCompleted(
    tool: EventData,
    input: EventData,
    text: string,
    isError: boolean,
    status: 'completed' | 'failed' | 'denied' = isError ? 'failed' : 'completed',
  ): void {
    this.emit('tool.completed', {
      ...tool,
      input,
      status,
      output: [{ type: 'text', text }],
      result: { content: text, is_error: isError },
    })
  }

  /**
   * What upstream's failTurn writes: session.error with the typed detail (for the session, not for
   * a turn), then the session `terminated` with that detail as its stop reason.
   */
  private failTurn(code: TurnFailureCode, message: string): void {
    const detail = sessionErrorData(this.record.session.id, code, message)
    this.emit('session.error', detail, 1, 10)
    this.record.session.stopReason = detail
    sessionStatus(this.record, 'terminated', this.options.stamp(1, 10), { stopReason: detail })
  }

  /**
   * The turn's outcome events, then session.status_idle (a failed or interrupted turn leaves the
   * session terminated instead); open endings write nothing.
   */
  finish(turn: Turn, ending: TurnEnding): void {
    const run = this.runData(turn)
    const stamp = this.options.stamp
    switch (ending.status) {
      case 'completed':
        this.emit('run.ended', { ...run, status: 'completed' })
        transitionTurn(this.record, turn, 'completed', stamp(1, 10), run)
        break
      case 'failed':
        this.emit('run.ended', { ...run, status: 'failed', reason: ending.reason })
        this.failTurn(ending.errorCode, ending.reason)
        // Upstream's runner rethrows a failed model call and its outer handler fails the turn
        // again, so that failure is logged twice: model_call_failed, then turn_failed.
        if (ending.errorCode === 'model_call_failed') this.failTurn('turn_failed', ending.reason)
        transitionTurn(this.record, turn, 'failed', stamp(1, 10), {
          ...run,
          error_code: ending.errorCode,
          reason: ending.reason,
        })
        break
      case 'cancelled':
        transitionTurn(this.record, turn, 'cancel_requested', stamp(2_000, 20_000), {
          reason: 'user_request',
        })
        this.emit('run.ended', { ...run, status: 'cancelled', reason: 'user_request' })
        transitionTurn(this.record, turn, 'cancelled', stamp(1, 10), { reason: 'user_request' })
        break
      case 'interrupted':
        this.emit('run.ended', { ...run, status: 'interrupted', reason: ending.reason }, 30_000, 60_000)
        this.failTurn('interrupted', ending.reason)
        transitionTurn(this.record, turn, 'interrupted', stamp(1, 10), { reason: ending.reason })
        break
      case 'requires_action':
      case 'queued':
        return
    }
    this.runId = null
    if (ending.status === 'failed' || ending.status === 'interrupted') return
    sessionStatus(this.record, 'idle', stamp(1, 10), { turn_id: turn.id })
  }
}
