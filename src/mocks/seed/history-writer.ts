import type { SessionRecord } from '../db/types'
import type { Random } from '../lib/clock'
import type { IdFactory } from '../lib/ids'
import {
  acceptTurn,
  appendEvent,
  sessionStatus,
  transitionTurn,
  type EventData,
  type PublicEvent,
  type Turn,
} from './session-history'

/**
 * Scripted, deterministic session histories for the seed: a turn is a list of steps (assistant
 * text, tool calls) and an ending, written out as the event sequence the server would log.
 */

export type ToolStep = {
  kind: 'tool'
  name: string
  input: Record<string, unknown>
  /** Output chunks: streamed as tool.delta when the backend runs the tool, posted whole by a worker. */
  output: string[]
  isError?: boolean
  /** `worker`: a self-hosted worker runs it, so the turn suspends until the result is posted. */
  runsOn: 'backend' | 'worker'
  /** Ask the user first (required_action.created of kind confirmation). */
  needsConfirmation?: boolean
}
export type TextStep = { kind: 'text'; text: string }
export type Step = TextStep | ToolStep

/** How the scripted turn ends. `requires_action` stops inside the last tool step, before its result. */
export type TurnEnding =
  | { status: 'completed' }
  | { status: 'failed'; errorCode: string; reason: string }
  | { status: 'cancelled' }
  | { status: 'interrupted'; reason: string }
  | { status: 'requires_action' }
  | { status: 'queued' }

export type TurnScript = { message: string; steps: Step[]; ending: TurnEnding }

export type HistoryWriterOptions = {
  random: Random
  ids: IdFactory
  startAt: number
  model: string
  /** Never stamp an event later than this (the seed's "now"). */
  notAfter: number
}

/**
 * Writes realistic, deterministic event sequences in the upstream order. Time moves forward by
 * small random steps per event, so timelines look like real runs.
 */
export class HistoryWriter {
  private time: number
  private runId: string | null = null

  constructor(
    private readonly record: SessionRecord,
    private readonly options: HistoryWriterOptions,
  ) {
    this.time = options.startAt
  }

  get now(): number {
    return this.time
  }

  /** Moves time on by a random amount between `minMs` and `maxMs`. */
  advance(minMs: number, maxMs: number): number {
    const step = minMs + Math.floor(this.options.random() * (maxMs - minMs + 1))
    this.time = Math.min(this.time + step, this.options.notAfter)
    return this.time
  }

  /** Jumps forward to `at` (never back), for turns that must line up with seeded work items. */
  jumpTo(at: number): void {
    this.time = Math.min(Math.max(this.time, at), this.options.notAfter)
  }

  private emit(type: string, data: EventData, minMs = 15, maxMs = 120): PublicEvent {
    return appendEvent(this.record, type, data, this.advance(minMs, maxMs))
  }

  private ids(prefix: string): string {
    return this.options.ids(prefix)
  }

  sessionCreated(): void {
    sessionStatus(this.record, 'created', this.time)
    sessionStatus(this.record, 'idle', this.advance(5, 40))
  }

  turn(script: TurnScript): Turn {
    const content = [{ type: 'text', text: script.message }]
    const turn = acceptTurn(this.record, this.options.ids, content, this.advance(0, 0))
    if (script.ending.status === 'queued') return turn
    this.startRun(turn, 'started')
    for (const [index, step] of script.steps.entries()) {
      const isLast = index === script.steps.length - 1
      const stopHere = isLast && script.ending.status === 'requires_action'
      // Text followed by a tool call is one model response, so the tool adds no model call of its own.
      const isSameResponse = script.steps[index - 1]?.kind === 'text'
      if (step.kind === 'text') this.assistantText(turn, step.text)
      else if (!this.toolCall(turn, step, stopHere, isSameResponse)) return turn
    }
    this.finish(turn, script.ending)
    return turn
  }

  private runData(turn: Turn): EventData {
    return this.runId ? { turn_id: turn.id, run_id: this.runId } : { turn_id: turn.id }
  }

  private startRun(turn: Turn, reason: string): void {
    this.runId = this.ids('run')
    this.emit('run.started', { turn_id: turn.id, run_id: this.runId, status: 'running', reason }, 80, 900)
    transitionTurn(this.record, turn, 'running', this.advance(1, 10), { run_id: this.runId })
    sessionStatus(this.record, 'running', this.advance(1, 10), this.runData(turn))
  }

  private suspend(turn: Turn, reason: string): void {
    transitionTurn(this.record, turn, 'requires_action', this.advance(5, 40), {
      ...this.runData(turn),
      reason,
    })
    this.emit('run.ended', { ...this.runData(turn), status: 'suspended', reason })
    sessionStatus(this.record, 'requires_action', this.advance(1, 10), this.runData(turn))
  }

  /** One model call: its usage. The model name and token counts feed the usage view. */
  private modelCall(turn: Turn, modelCallId: string, itemId: string, outputTokens: number): void {
    const inputTokens = 900 + Math.floor(this.options.random() * 5200)
    const model = this.options.model
    this.emit('model.completed', {
      ...this.runData(turn),
      model_call_id: modelCallId,
      model,
      status: 'completed',
      item_id: itemId,
    })
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
  }

  private assistantText(turn: Turn, text: string): void {
    const itemId = this.ids('item')
    const modelCallId = this.ids('mc')
    const base = { id: itemId, message_id: itemId, type: 'message', role: 'assistant' }
    const common = { ...this.runData(turn), item_id: itemId, model_call_id: modelCallId }
    this.emit('item.started', { ...common, item: { ...base, status: 'in_progress', content: [] } }, 300, 1500)
    const words = text.split(/(?<=\s)/)
    let position = 0
    for (let i = 0; i < words.length; position += 1) {
      const size = 2 + Math.floor(this.options.random() * 5)
      const chunk = words.slice(i, i + size).join('')
      i += size
      this.emit(
        'item.delta',
        { ...common, message_id: itemId, position, content: [{ type: 'text', text: chunk }] },
        20,
        90,
      )
    }
    const item = { ...base, status: 'completed', content: [{ type: 'text', text }] }
    this.emit('item.completed', { ...common, item, final_output: false })
    this.modelCall(turn, modelCallId, itemId, Math.max(8, Math.round(text.length / 4)))
  }

  /** Returns false when the turn stopped inside this step (awaiting a worker or a confirmation). */
  private toolCall(turn: Turn, step: ToolStep, stopHere: boolean, isSameResponse: boolean): boolean {
    const callId = this.ids('toolu')
    const tool = { ...this.runData(turn), tool_call_id: callId, name: step.name }
    if (!isSameResponse) {
      this.modelCall(turn, this.ids('mc'), callId, 40 + Math.floor(this.options.random() * 160))
    }
    this.emit('tool.requested', { ...tool, input: step.input, status: 'requested' }, 40, 200)

    if (step.needsConfirmation) {
      const requestId = this.ids('req')
      const action = { ...this.runData(turn), request_id: requestId, kind: 'confirmation' }
      const toolCall = { id: callId, name: step.name, input: step.input }
      this.emit('required_action.created', {
        ...action,
        status: 'pending',
        pending: true,
        tool_call: toolCall,
      })
      this.suspend(turn, 'confirmation_required')
      if (stopHere) return false
      const commandId = this.ids('cmd')
      const answeredAt = this.advance(20_000, 240_000)
      this.record.actionCommands.push({
        command_id: commandId,
        turn_id: turn.id,
        request_ids: [requestId],
        status: 'resolved',
        created_at: answeredAt,
      })
      appendEvent(
        this.record,
        'required_action.accepted',
        { ...action, command_id: commandId, status: 'accepted' },
        answeredAt,
      )
      transitionTurn(this.record, turn, 'queued', this.advance(5, 30), { reason: 'action_answered' })
      this.startRun(turn, 'action_answered')
      this.emit('required_action.resolved', {
        ...action,
        ...this.runData(turn),
        command_id: commandId,
        status: 'resolved',
        pending: false,
        result: { allow: true },
      })
    }

    if (step.runsOn === 'worker') {
      this.emit('tool.dispatched', { ...tool, input: step.input, status: 'dispatched' })
      this.suspend(turn, 'waiting_for_worker')
      if (stopHere) {
        this.record.pendingTools.push({
          id: callId,
          name: step.name,
          input: step.input,
          type: 'agent.tool_use',
        })
        return false
      }
      // The worker claims the work, runs the tool in its directory and posts the result.
      this.advance(1_500, 9_000)
      this.completeTool(tool, step, step.output.length > 0 ? [step.output.join('')] : [])
      transitionTurn(this.record, turn, 'queued', this.advance(5, 30), { reason: 'tool_result' })
      this.startRun(turn, 'tool_result')
      return true
    }

    this.emit('tool.dispatched', { ...tool, input: step.input, status: 'dispatched' })
    this.completeTool(tool, step, step.output)
    return true
  }

  private completeTool(tool: EventData, step: ToolStep, chunks: string[]): void {
    for (const chunk of chunks) {
      this.emit(
        'tool.delta',
        { ...tool, status: 'running', output: [{ type: 'text', text: chunk }] },
        30,
        400,
      )
    }
    const text = step.output.join('')
    this.emit('tool.completed', {
      ...tool,
      input: step.input,
      status: step.isError ? 'failed' : 'completed',
      output: [{ type: 'text', text }],
      result: { content: text, is_error: step.isError ?? false },
    })
  }

  private finish(turn: Turn, ending: TurnEnding): void {
    const run = this.runData(turn)
    switch (ending.status) {
      case 'completed':
        this.emit('run.ended', { ...run, status: 'completed' })
        transitionTurn(this.record, turn, 'completed', this.advance(1, 10), run)
        break
      case 'failed':
        this.emit('run.ended', { ...run, status: 'failed', reason: ending.reason })
        this.emit('session.error', { ...run, error_code: ending.errorCode, message: ending.reason })
        transitionTurn(this.record, turn, 'failed', this.advance(1, 10), {
          ...run,
          error_code: ending.errorCode,
          reason: ending.reason,
        })
        break
      case 'cancelled':
        transitionTurn(this.record, turn, 'cancel_requested', this.advance(2_000, 20_000), {
          reason: 'user_request',
        })
        this.emit('run.ended', { ...run, status: 'cancelled', reason: 'user_request' })
        transitionTurn(this.record, turn, 'cancelled', this.advance(1, 10), { reason: 'user_request' })
        break
      case 'interrupted':
        this.emit('run.ended', { ...run, status: 'interrupted', reason: ending.reason }, 30_000, 60_000)
        transitionTurn(this.record, turn, 'interrupted', this.advance(1, 10), { reason: ending.reason })
        break
      case 'requires_action':
      case 'queued':
        return
    }
    this.runId = null
    sessionStatus(this.record, 'idle', this.advance(1, 10), { turn_id: turn.id })
  }
}
