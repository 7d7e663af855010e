import type { SessionRecord } from '../db/types'
import type { Random } from '../lib/clock'
import type { IdFactory } from '../lib/ids'
import {
  acceptTurn,
  addPendingTool,
  appendEvent,
  sessionStatus,
  transitionTurn,
  type EventData,
  type Turn,
} from '../lib/event-log'
import { splitWords, TurnEventWriter, type TurnEnding } from '../engine/turn-event-writer'
import type { Step, ToolStep, TurnScript } from '../engine/turn-scripts'

export type { Step, ToolStep, TurnEnding, TurnScript }

/**
 * Scripted, deterministic session histories for the seed: a turn is a list of steps (assistant
 * text, tool calls) and an ending, written out as the event sequence the server would log.
 */

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
 * small random steps per event, so timelines look like real runs. The events themselves come from
 * TurnEventWriter, which the execution engine shares.
 */
export class HistoryWriter {
  private time: number
  private readonly events: TurnEventWriter

  constructor(
    private readonly record: SessionRecord,
    private readonly options: HistoryWriterOptions,
  ) {
    this.time = options.startAt
    this.events = new TurnEventWriter(record, {
      ids: options.ids,
      random: options.random,
      model: options.model,
      stamp: (minMs, maxMs) => this.advance(minMs, maxMs),
    })
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

  sessionCreated(): void {
    sessionStatus(this.record, 'created', this.time)
    sessionStatus(this.record, 'idle', this.advance(5, 40))
  }

  turn(script: TurnScript): Turn {
    const content = [{ type: 'text', text: script.message }]
    const turn = acceptTurn(this.record, this.options.ids, content, this.advance(0, 0))
    if (script.ending.status === 'queued') return turn
    this.events.startRun(turn, 'started')
    for (const [index, step] of script.steps.entries()) {
      const isLast = index === script.steps.length - 1
      const stopHere = isLast && script.ending.status === 'requires_action'
      // Text followed by a tool call is one model response, so the tool adds no model call of its own.
      const isSameResponse = script.steps[index - 1]?.kind === 'text'
      if (step.kind === 'text') this.assistantText(turn, step.text)
      else if (!this.toolCall(turn, step, stopHere, isSameResponse)) return turn
    }
    if (script.budgetExceeded) {
      this.events.emit('budget.exceeded', {
        ...this.events.runData(turn),
        limit: script.budgetExceeded,
        model_call_id: this.options.ids('mc'),
      })
    }
    this.events.finish(turn, script.ending)
    return turn
  }

  private assistantText(turn: Turn, text: string): void {
    const item = this.events.textStarted(turn)
    const words = splitWords(text)
    let position = 0
    for (let i = 0; i < words.length; position += 1) {
      const size = 2 + Math.floor(this.options.random() * 5)
      const chunk = words.slice(i, i + size).join('')
      i += size
      this.events.textDelta(item, position, chunk)
    }
    this.events.textCompleted(turn, item, text)
  }

  /** Returns false when the turn stopped inside this step (awaiting a worker or a confirmation). */
  private toolCall(turn: Turn, step: ToolStep, stopHere: boolean, isSameResponse: boolean): boolean {
    const events = this.events
    const callId = this.options.ids('toolu')
    if (!isSameResponse) {
      events.modelCall(turn, this.options.ids('mc'), callId, 40 + Math.floor(this.options.random() * 160))
    }
    const tool = events.toolRequested(turn, callId, step.name, step.input)

    if (step.needsConfirmation) {
      const runData = events.runData(turn)
      const requestId = events.confirmationRequested(turn, callId, step.name, step.input)
      const action = { ...runData, request_id: requestId, kind: 'confirmation' }
      events.suspend(turn, 'confirmation_required')
      if (stopHere) return false
      const commandId = this.options.ids('cmd')
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
      events.startRun(turn, 'action_answered')
      events.emit('required_action.resolved', {
        ...action,
        ...events.runData(turn),
        command_id: commandId,
        status: 'resolved',
        pending: false,
        result: { allow: true },
      })
    }

    events.toolDispatched(tool, step.input)
    if (step.runsOn === 'worker') {
      events.suspend(turn, 'waiting_for_worker')
      if (stopHere) {
        addPendingTool(this.record, this.options.ids, { id: callId, name: step.name, input: step.input })
        return false
      }
      // The worker claims the work, runs the tool in its directory and posts the result.
      this.advance(1_500, 9_000)
      this.completeTool(tool, step, step.output.length > 0 ? [step.output.join('')] : [])
      transitionTurn(this.record, turn, 'queued', this.advance(5, 30), { reason: 'tool_result' })
      events.startRun(turn, 'tool_result')
      return true
    }
    this.completeTool(tool, step, step.output)
    return true
  }

  private completeTool(tool: EventData, step: ToolStep, chunks: string[]): void {
    for (const chunk of chunks) this.events.toolDelta(tool, chunk)
    this.events.toolCompleted(tool, step.input, step.output.join(''), step.isError ?? false)
  }
}
