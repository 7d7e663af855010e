import type { components } from '@/api/schema.gen'
import type { MockBackend } from '../lib/backend'
import type { SessionRecord } from '../db/types'
import type { Random } from '../lib/clock'
import type { ToolResultsDelivery } from '../lib/worker-events'
import { addPendingTool, appendEvent, transitionTurn, type Turn } from '../lib/event-log'
import { scriptSubagent } from './subagents'
import { splitWords, TurnEventWriter, type TurnEnding } from './turn-event-writer'
import { resolveExecution } from './environment-gate'
import { DENIED_BY_POLICY_MESSAGE, sessionTools, toolVerdict } from '../lib/agent-tools'
import { runMemoryTool } from './memory-tools'
import { summarize, type PlanStep } from './planner'
import type { TurnRunState } from '../db/run-state'
import { failure, type ToolOutcome } from './tool-common'
import { acquireWork, releaseWork } from './work-items'
import { applyPendingInputs } from '../lib/session-inputs'
import { appendFact, readProjection, reconciledOutcome } from '../lib/native-journal'
import { commitRunCheckpoint } from '../lib/checkpoints'
import {
  budgetExceededMessage,
  budgetOwner,
  reserveModelCall,
  settleModelCall,
  type BudgetLimit,
} from '../lib/session-budget'

type ToolResult = components['schemas']['ToolResult']

/** Pacing of a live turn. The demo spaces events out so streams visibly move; tests drive time. */
export type EngineTiming = {
  /** From turn.queued to run.started. */
  startMs: number
  /** Between steps (messages, tool calls). */
  stepMs: number
  /** Between item.delta events of one message. */
  textChunkMs: number
  /** Between tool.delta events of one backend tool call. */
  toolChunkMs: number
}

export const DEMO_TIMING: EngineTiming = { startMs: 400, stepMs: 300, textChunkMs: 60, toolChunkMs: 150 }

export const NO_ENVIRONMENT_MESSAGE =
  'Error: this session has no environment, so tool calls have nowhere to run. Pick an environment for the session or set a default on the agent.'

export type RunnerHooks = {
  backend: MockBackend
  random: Random
  timing: EngineTiming
  /** Runs `task` after `delayMs` as the turn's next action, replacing any action still pending. */
  schedule: (state: TurnRunState, delayMs: number, task: () => void) => void
  /** The turn reached an outcome (or vanished): forget it and start the session's next turn. */
  onFinished: (state: TurnRunState, record: SessionRecord | undefined) => void
  /** The turn failed but its plan is kept for a resume (budget.exceeded): start the session's next turn. */
  onStopped: (state: TurnRunState, record: SessionRecord) => void
}

type Live = { record: SessionRecord; turn: Turn; writer: TurnEventWriter }

function contentText(content: ToolResult['content']): string {
  if (typeof content === 'string') return content
  return content.map((block) => (typeof block.text === 'string' ? block.text : '')).join('')
}

/**
 * Executes plans step by step, writing events through TurnEventWriter (the seed's vocabulary).
 * Every scheduled action re-reads the session first, so a cancel, delete or reset in between simply
 * ends the run instead of writing into a log that moved on.
 */
export class TurnRunner {
  constructor(private readonly hooks: RunnerHooks) {}

  private get backend(): MockBackend {
    return this.hooks.backend
  }

  /** The session's model: its agent's, unless the session's overrides name another. */
  private modelOf(record: SessionRecord): string {
    const agent = this.backend.db.agents.get(record.session.agentId)
    let model = agent?.definition.model ?? 'qwen-plus'
    try {
      const overrides = JSON.parse(record.session.agentOverridesJson ?? '{}') as { model?: unknown }
      if (typeof overrides.model === 'string') model = overrides.model
    } catch {
      // Unreadable overrides: keep the agent's model.
    }
    return model
  }

  private writerFor(record: SessionRecord, state: TurnRunState): TurnEventWriter {
    const model = this.modelOf(record)
    const writer = new TurnEventWriter(record, {
      ids: this.backend.ids,
      random: this.hooks.random,
      model,
      stamp: () => this.backend.clock.now(),
    })
    writer.runId = state.runId
    return writer
  }

  /** The session and turn if both still exist, with a writer on the turn's run. */
  private live(state: TurnRunState): Live | null {
    const record = this.backend.db.sessions.get(state.sessionId)
    const turn = record?.turns.find((candidate) => candidate.id === state.turnId)
    if (!record || !turn) return null
    return { record, turn, writer: this.writerFor(record, state) }
  }

  /** Runs `action` only while the turn is still running; otherwise the run is over. */
  private whileRunning(state: TurnRunState, action: (live: Live) => void): void {
    const live = this.live(state)
    if (!live || live.turn.status !== 'running') {
      this.hooks.onFinished(state, live?.record)
      return
    }
    action(live)
  }

  private next(state: TurnRunState, delayMs = this.hooks.timing.stepMs): void {
    state.phase = 'scheduled'
    this.hooks.schedule(state, delayMs, () => this.tick(state))
  }

  private finish(state: TurnRunState, live: Live, ending: TurnEnding): void {
    this.fact(live, 'run/end', { status: ending.status })
    // A completed run commits its state: the checkpoint a later restore or fork starts from.
    if (ending.status === 'completed')
      commitRunCheckpoint(live.record, live.writer.runId, live.turn.id, this.backend.clock.now())
    live.writer.finish(live.turn, ending)
    // runTurn's finally (a run that ended without suspending), failTurn and interruptLocal all
    // release the lease, whatever later turn of the session is queued: that turn acquires anew.
    releaseWork(this.backend, live.record.session.id)
    this.hooks.onFinished(state, live.record)
  }

  /** A native journal fact of the turn's current run (trace and recovery read them). */
  private fact(live: Live, type: string, data: Record<string, unknown> = {}): void {
    appendFact(
      live.record,
      { type, runId: live.writer.runId, turnId: live.turn.id, data },
      this.backend.clock.now(),
    )
  }

  /**
   * The run dies right after a tool's dispatch (a replica lost mid-call): no result and no
   * `run/end` reach the journal, so the call stays uncertain and the run active. The lease's reaper
   * interrupts the turn; the run state is kept so a resume after reconciliation continues the plan.
   */
  private loseRun(state: TurnRunState, live: Live, name: string): void {
    live.writer.finish(live.turn, {
      status: 'interrupted',
      reason: `the run was lost while the ${name} tool was running; its outcome is unknown`,
    })
    releaseWork(this.backend, live.record.session.id)
    state.phase = 'lost'
  }

  /**
   * SessionBudgetService's model policy, before a model call: reserves it in the tree's ledger, or
   * fails the turn when a limit would be broken (BudgetExceededException fails the model call, so
   * the run and the turn fail). The plan is kept: after the limits change, an explicit resume
   * continues at the refused call; upstream never resumes by itself.
   */
  private admitModelCall(state: TurnRunState, live: Live, callId: string): boolean {
    const limit = reserveModelCall(this.backend, budgetOwner(this.backend, live.record), {
      callId,
      model: this.modelOf(live.record),
      sessionId: live.record.session.id,
      turnId: live.turn.id,
      runId: live.writer.runId,
    })
    if (limit === null) return true
    this.stopForBudget(state, live, limit)
    return false
  }

  /** The model call's outcome in the ledger (afterCall): usage null when the provider reported none. */
  private settleModelCall(
    live: Live,
    callId: string,
    status: 'completed' | 'failed',
    usage: { inputTokens: number; outputTokens: number } | null,
  ): void {
    settleModelCall(budgetOwner(this.backend, live.record), callId, this.modelOf(live.record), status, usage)
  }

  private stopForBudget(state: TurnRunState, live: Live, limit: BudgetLimit): void {
    this.fact(live, 'run/end', { status: 'failed' })
    live.writer.finish(live.turn, {
      status: 'failed',
      errorCode: 'model_call_failed',
      reason: budgetExceededMessage(limit),
    })
    releaseWork(this.backend, live.record.session.id)
    state.phase = 'stopped'
    this.hooks.onStopped(state, live.record)
  }

  private get isUsageReported(): boolean {
    return !this.backend.faults.usageUnreported
  }

  /** The turn's next move: start a run when queued, else the next step of the plan. */
  tick(state: TurnRunState): void {
    const live = this.live(state)
    if (live?.turn.status === 'queued') {
      this.startRun(state, live)
      return
    }
    this.whileRunning(state, (running) => {
      if (state.current) {
        this.continueTool(state, running)
        return
      }
      // A step boundary: accepted steering and injected context enter the conversation here.
      if (this.applyInputs(state, running)) return
      const step = state.plan.steps[state.next]
      if (!step) this.finish(state, running, { status: 'completed' })
      else this.runStep(state, running, step)
    })
  }

  /** Applies what waits in the inbox and answers it in a message of its own; true when it did. */
  private applyInputs(state: TurnRunState, live: Live): boolean {
    if (!state.runId) return false
    const applied = applyPendingInputs(
      live.record,
      this.backend.ids,
      live.turn.id,
      state.runId,
      this.backend.clock.now(),
    )
    if (applied.length === 0) return false
    const said = applied
      .map((input) =>
        input.content.map((block) => (typeof block.text === 'string' ? block.text : '')).join(' '),
      )
      .join(' / ')
    this.streamText(state, live, `Noted, I will take this into account: “${said.slice(0, 200)}”.`, false)
    return true
  }

  private startRun(state: TurnRunState, live: Live): void {
    live.writer.startRun(live.turn, state.startReason)
    state.runId = live.writer.runId
    this.fact(live, 'run/start', { reason: state.startReason })
    // SessionExecution's prepare: a run never starts over an unknown tool outcome. The resume was
    // accepted (202); its run fails at once, and the turn waits for a reconcile and another resume.
    const uncertain = readProjection(live.record).uncertainToolCalls
    if (uncertain.length > 0) {
      this.fact(live, 'run/end', { status: 'failed' })
      live.writer.finish(live.turn, {
        status: 'failed',
        errorCode: 'turn_failed',
        reason: `Explicit reconciliation required for unknown tool outcomes: [${uncertain.join(', ')}]`,
      })
      state.phase = 'lost'
      return
    }
    if (state.current && this.applyReconciled(state, live)) return
    const execution = resolveExecution(this.backend, live.record)
    if (execution.kind === 'refused') {
      this.finish(state, live, { status: 'failed', errorCode: 'turn_failed', reason: execution.message })
      return
    }
    // SessionTurnRunner.runTurn: every run on a self_hosted environment acquires the hands lease
    // first, whether or not it will call a tool.
    if (execution.kind === 'worker') acquireWork(this.backend, live.record, execution.environment)
    this.next(state)
  }

  /** The lost call's outcome as an administrator recorded it, completing the call on the resumed run. */
  private applyReconciled(state: TurnRunState, live: Live): boolean {
    const current = state.current
    const outcome = current ? reconciledOutcome(live.record, current.callId) : null
    if (!current || !outcome) return false
    const text = outcome.output.map((part) => part.text).join('')
    const isError = outcome.state === 'error'
    const tool = { ...live.writer.runData(live.turn), tool_call_id: current.callId, name: current.name }
    live.writer.toolCompleted(tool, current.input, text, isError)
    state.results.push({ callId: current.callId, name: current.name, text, isError })
    state.current = null
    state.next += 1
    this.next(state)
    return true
  }

  private runStep(state: TurnRunState, live: Live, step: PlanStep): void {
    switch (step.kind) {
      case 'text':
        this.streamText(state, live, step.text)
        return
      case 'summary':
        this.streamText(state, live, summarize(state.plan.kind, state.results))
        return
      case 'pause':
        state.next += 1
        this.next(state, step.ms)
        return
      case 'fail': {
        // The call is admitted, then raises: settled failed, with no usage reported.
        const callId = this.backend.ids('mc')
        if (!this.admitModelCall(state, live, callId)) return
        this.settleModelCall(live, callId, 'failed', null)
        this.finish(state, live, { status: 'failed', errorCode: step.errorCode, reason: step.reason })
        return
      }
      case 'tool':
        this.requestTool(state, live, step)
        return
      case 'delegate':
        this.delegate(state, live, step)
    }
  }

  /**
   * A sub-agent: `subagent.started` in this turn, then the child's own log written live, one event
   * a text chunk apart (through the child routes a console follows it as it grows), then
   * `subagent.completed`. A cancelled or deleted parent stops it where it is.
   */
  private delegate(state: TurnRunState, live: Live, step: Extract<PlanStep, { kind: 'delegate' }>): void {
    const childId = this.backend.ids('sess')
    const about = { childSessionId: childId, taskId: step.taskId }
    live.writer.emit('subagent.started', { ...live.writer.runData(live.turn), ...about, status: 'running' })
    const ops = scriptSubagent(this.backend, live.record, childId, step)
    const write = (index: number) =>
      this.whileRunning(state, ({ writer, turn }) => {
        const op = ops[index]
        if (op) {
          appendEvent(op.record, op.type, op.data, this.backend.clock.now())
          this.hooks.schedule(state, this.hooks.timing.textChunkMs, () => write(index + 1))
          return
        }
        writer.emit('subagent.completed', { ...writer.runData(turn), ...about, status: 'completed' })
        state.next += 1
        this.next(state)
      })
    this.hooks.schedule(state, this.hooks.timing.stepMs, () => write(0))
  }

  /** `isPlanStep` false: the text answers applied input, so the plan stays at its current step. */
  private streamText(state: TurnRunState, live: Live, text: string, isPlanStep = true): void {
    const callId = this.backend.ids('mc')
    if (!this.admitModelCall(state, live, callId)) return
    // Reserved until the text is complete: the ledger counts the call in flight meanwhile.
    const item = live.writer.textStarted(live.turn, callId)
    const words = splitWords(text)
    const chunks: string[] = []
    for (let i = 0; i < words.length;) {
      const size = 2 + Math.floor(this.hooks.random() * 5)
      chunks.push(words.slice(i, i + size).join(''))
      i += size
    }
    const send = (position: number) =>
      this.whileRunning(state, (running) => {
        const { turn, writer } = running
        const chunk = chunks[position]
        if (chunk !== undefined) {
          writer.textDelta(item, position, chunk)
          this.hooks.schedule(state, this.hooks.timing.textChunkMs, () => send(position + 1))
          return
        }
        const usage = writer.textCompleted(turn, item, text, this.isUsageReported)
        this.settleModelCall(running, callId, 'completed', usage)
        state.isAfterText = true
        if (isPlanStep) state.next += 1
        this.next(state)
      })
    this.hooks.schedule(state, this.hooks.timing.textChunkMs, () => send(0))
  }

  private requestTool(state: TurnRunState, live: Live, step: Extract<PlanStep, { kind: 'tool' }>): void {
    const { writer, turn, record } = live
    const verdict = toolVerdict(sessionTools(this.backend.db, record), step.name)
    if (verdict === 'unavailable') {
      // A disabled tool is never offered to the model, so no call is made and no event written;
      // the closing message says what was missing.
      state.results.push({
        callId: '',
        name: step.name,
        text: `the ${step.name} tool is not enabled for this agent`,
        isError: true,
        isUnavailable: true,
      })
      state.next += 1
      this.next(state)
      return
    }
    // Text right before a tool call is the same model response, so only a bare call adds a model call.
    const modelCallId = state.isAfterText ? null : this.backend.ids('mc')
    if (modelCallId !== null && !this.admitModelCall(state, live, modelCallId)) return
    const callId = this.backend.ids('toolu')
    if (modelCallId !== null) {
      const outputTokens = 40 + Math.floor(this.hooks.random() * 160)
      const usage = writer.modelCall(turn, modelCallId, callId, outputTokens, this.isUsageReported)
      this.settleModelCall(live, modelCallId, 'completed', usage)
    }
    state.isAfterText = false
    writer.toolRequested(turn, callId, step.name, step.input)
    state.current = { callId, name: step.name, input: step.input }
    if (verdict === 'deny') {
      // The model asked; the policy drops the call before it is dispatched, so it never runs.
      const tool = { ...writer.runData(turn), tool_call_id: callId, name: step.name }
      // A policy refusal completes as denied without tool.dispatched.
      writer.toolCompleted(tool, step.input, DENIED_BY_POLICY_MESSAGE, true, 'denied')
      state.results.push({
        callId,
        name: step.name,
        text: DENIED_BY_POLICY_MESSAGE,
        isError: true,
        isDenied: true,
      })
      state.current = null
      state.next += 1
      this.next(state)
      return
    }
    // An always_ask policy holds the call for the user's answer, as upstream's
    // ToolConfirmationMiddleware does (ToolConfirmationCoordinator.requestConfirmation: a pending
    // HITL ticket, the session in requires_action, the call run only once allowed).
    if (step.needsConfirmation || verdict === 'ask') {
      state.current.requestId = writer.confirmationRequested(turn, callId, step.name, step.input)
      writer.suspend(turn, 'confirmation_required')
      state.phase = 'waiting_confirmation'
      return
    }
    this.dispatch(state, live)
  }

  /** After a confirmation: a denial already settled the call (the actions handler wrote it); else run it. */
  private continueTool(state: TurnRunState, live: Live): void {
    const current = state.current
    if (!current) return
    const denial = live.record.events.findLast(
      (event) => event.type === 'tool.completed' && event.data.tool_call_id === current.callId,
    )
    if (!denial) {
      this.dispatch(state, live)
      return
    }
    const result = denial.data.result as { content?: unknown } | undefined
    state.results.push({
      callId: current.callId,
      name: current.name,
      text: typeof result?.content === 'string' ? result.content : '',
      isError: true,
      isDenied: denial.data.status === 'denied',
    })
    state.current = null
    state.next += 1
    this.next(state)
  }

  private dispatch(state: TurnRunState, live: Live): void {
    const current = state.current
    if (!current) return
    const { record, turn, writer } = live
    const tool = { ...writer.runData(turn), tool_call_id: current.callId, name: current.name }
    writer.toolDispatched(tool, current.input)
    const execution = resolveExecution(this.backend, record)
    let outcome: ToolOutcome
    switch (execution.kind) {
      case 'worker':
        // The call waits in pending-tools until a worker posts its result (deliverResults).
        addPendingTool(record, this.backend.ids, {
          id: current.callId,
          name: current.name,
          input: current.input,
        })
        writer.suspend(turn, 'waiting_for_worker')
        state.phase = 'waiting_worker'
        return
      case 'backend':
        // Only calls the backend runs itself are dispatched in its journal; a self-hosted call is
        // handed to a worker (pending-tools) and is never an uncertain outcome.
        this.fact(live, 'tool/dispatch', { toolCallId: current.callId, name: current.name })
        if (this.backend.faults.killRunMidTool) {
          this.backend.faults.killRunMidTool = false
          this.loseRun(state, live, current.name)
          return
        }
        outcome = runMemoryTool(execution.files, current.name, current.input, execution.shell)
        break
      case 'refused':
        outcome = failure(`Error: ${execution.message}`)
        break
      case 'none':
        outcome = failure(NO_ENVIRONMENT_MESSAGE)
    }
    this.streamTool(state, tool, outcome)
  }

  private streamTool(state: TurnRunState, tool: Record<string, unknown>, outcome: ToolOutcome): void {
    const send = (position: number) =>
      this.whileRunning(state, (live) => {
        const { writer } = live
        const current = state.current
        if (!current) return
        const chunk = outcome.chunks[position]
        if (chunk !== undefined) {
          writer.toolDelta(tool, chunk)
          this.hooks.schedule(state, this.hooks.timing.toolChunkMs, () => send(position + 1))
          return
        }
        const text = outcome.chunks.join('')
        appendFact(
          live.record,
          {
            type: 'action/end',
            runId: writer.runId,
            turnId: live.turn.id,
            data: {
              toolCallId: current.callId,
              result: { id: current.callId, output: [{ type: 'text', text }] },
            },
          },
          this.backend.clock.now(),
        )
        writer.toolCompleted(tool, current.input, text, outcome.isError)
        state.results.push({ callId: current.callId, name: current.name, text, isError: outcome.isError })
        state.current = null
        state.next += 1
        this.next(state)
      })
    this.hooks.schedule(state, this.hooks.timing.toolChunkMs, () => send(0))
  }

  /**
   * A worker posted results: each answered call completes (tool.delta with the whole output, then
   * tool.completed, as the seed writes worker calls); once nothing is pending the turn is queued
   * again and a new run continues the plan.
   */
  deliverResults(
    state: TurnRunState,
    record: SessionRecord,
    turn: Turn,
    delivery: ToolResultsDelivery,
  ): void {
    const writer = this.writerFor(record, state)
    for (const pending of delivery.answered) {
      const result = delivery.results.find((candidate) => candidate.tool_use_id === pending.id)
      if (!result) continue
      const text = contentText(result.content)
      const isError = result.is_error === true
      const tool = { ...writer.runData(turn), tool_call_id: pending.id, name: pending.name }
      if (text !== '') writer.toolDelta(tool, text)
      writer.toolCompleted(tool, pending.input, text, isError)
      state.results.push({ callId: pending.id, name: pending.name, text, isError })
      if (state.current?.callId === pending.id) {
        state.current = null
        state.next += 1
      }
    }
    if (record.pendingTools.length > 0) return
    transitionTurn(record, turn, 'queued', this.backend.clock.now(), { reason: 'tool_result' })
    state.startReason = 'tool_result'
    this.next(state)
  }
}
