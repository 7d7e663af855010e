import type { MockBackend, TurnQueued } from '../lib/backend'
import type { SessionRecord } from '../db/types'
import { createRandom, type Random } from '../lib/clock'
import { onToolResults, type ToolResultsDelivery } from '../lib/worker-events'
import { isTurnOpen, type Turn } from '../lib/event-log'
import { planTurn, type Plan } from './planner'
import type { TurnRunState } from '../db/run-state'
import type { Cancel, Scheduler } from './scheduler'
import { isToolName } from './tool-common'
import { DEMO_TIMING, TurnRunner, type EngineTiming } from './turn-runner'
import { releaseWork } from './work-items'

/**
 * The execution engine behind `backend.onTurnQueued` (DESIGN §4): it plans each turn from its
 * prompt, runs it step by step on the scheduler, suspends for confirmations and workers, and
 * resumes when answers and results arrive. All of its state lives in `db.turnRuns`.
 */
export type EngineCore = {
  readonly timing: EngineTiming
  /** Schedules every run that was due, e.g. after a demo reload restored `db.turnRuns`. */
  resumeRuns: () => void
  /** Cancels everything scheduled (before a reset, or when a test is done). */
  cancelAll: () => void
  /** Detaches from the backend's hooks. */
  uninstall: () => void
}

export type EngineCoreOptions = {
  scheduler: Scheduler
  timing?: Partial<EngineTiming>
  /** Token counts and word grouping; independent of the backend's id stream. */
  random?: Random
  /** Called after every engine action that may have changed the db (for the demo's autosave). */
  onChange?: () => void
}

/** The user's words of a turn, from its input item in the log. */
export function promptOf(record: SessionRecord, turnId: string): string {
  const input = record.events.find(
    (event) =>
      event.type === 'item.completed' &&
      event.data.turn_id === turnId &&
      (event.data.item as { role?: unknown } | undefined)?.role === 'user',
  )
  const content = (input?.data.item as { content?: unknown } | undefined)?.content
  if (!Array.isArray(content)) return ''
  return content
    .map((block) =>
      typeof (block as { text?: unknown }).text === 'string' ? (block as { text: string }).text : '',
    )
    .join('\n')
}

function lastRunId(record: SessionRecord, turnId: string): string | null {
  const started = record.events.findLast(
    (event) => event.type === 'run.started' && event.data.turn_id === turnId,
  )
  return typeof started?.data.run_id === 'string' ? started.data.run_id : null
}

export function createEngineCore(backend: MockBackend, options: EngineCoreOptions): EngineCore {
  const { scheduler } = options
  const timing = { ...DEMO_TIMING, ...options.timing }
  const random = options.random ?? createRandom(0x7e57)
  const runs = () => backend.db.turnRuns
  const slots = new Map<string, Cancel>()
  const changed = () => options.onChange?.()

  const newState = (record: SessionRecord, turn: Turn, plan: Plan, startReason: string): TurnRunState => {
    const state: TurnRunState = {
      sessionId: record.session.id,
      turnId: turn.id,
      plan,
      next: 0,
      phase: 'scheduled',
      startReason,
      runId: null,
      current: null,
      results: [],
      isAfterText: false,
    }
    runs().set(turn.id, state)
    return state
  }

  const schedule = (state: TurnRunState, delayMs: number, task: () => void) => {
    slots.get(state.turnId)?.()
    const cancel = scheduler.schedule(delayMs, () => {
      slots.delete(state.turnId)
      // A reset or reload may have replaced the state: only the current one acts.
      if (runs().get(state.turnId) !== state) return
      task()
      changed()
    })
    slots.set(state.turnId, cancel)
  }

  /** The session's oldest queued turn gets its run once no earlier turn is open (turns run in order). */
  const startNextTurn = (record: SessionRecord) => {
    if (record.turns.some((turn) => turn.status !== 'queued' && isTurnOpen(turn))) return
    const turn = record.turns.find((candidate) => candidate.status === 'queued')
    if (!turn) return
    const state =
      runs().get(turn.id) ?? newState(record, turn, planTurn(promptOf(record, turn.id)), 'started')
    state.phase = 'scheduled'
    schedule(state, timing.startMs, () => runner.tick(state))
  }

  const onFinished = (state: TurnRunState, record: SessionRecord | undefined) => {
    slots.get(state.turnId)?.()
    slots.delete(state.turnId)
    runs().delete(state.turnId)
    if (!record || backend.db.sessions.get(record.session.id) !== record) return
    startNextTurn(record)
  }

  /** A turn failed by its budget keeps its plan (a resume continues it); the session's next turn may start. */
  const onStopped = (state: TurnRunState, record: SessionRecord) => {
    slots.get(state.turnId)?.()
    slots.delete(state.turnId)
    startNextTurn(record)
  }

  const runner = new TurnRunner({ backend, random, timing, schedule, onFinished, onStopped })

  /** A turn the engine did not start (seeded, or from before a reload) that waits on a confirmation. */
  const adoptConfirmation = (record: SessionRecord, turn: Turn): TurnRunState => {
    const created = record.events.findLast(
      (event) => event.type === 'required_action.created' && event.data.turn_id === turn.id,
    )
    const call = (created?.data.tool_call ?? {}) as { id?: unknown; name?: unknown; input?: unknown }
    const state = newState(
      record,
      turn,
      { kind: 'continuation', steps: [{ kind: 'summary' }] },
      'action_answered',
    )
    state.runId = lastRunId(record, turn.id)
    if (typeof call.id === 'string' && typeof call.name === 'string' && isToolName(call.name)) {
      const input =
        typeof call.input === 'object' && call.input !== null ? (call.input as Record<string, unknown>) : {}
      // The adopted call is step 0 (already requested, so it continues from `current`); the summary follows.
      state.plan.steps.unshift({ kind: 'tool', name: call.name, input })
      state.current = { callId: call.id, name: call.name, input }
    }
    return state
  }

  const handleQueued = ({ session: record, turn, reason }: TurnQueued) => {
    const existing = runs().get(turn.id)
    let state: TurnRunState
    switch (reason) {
      case 'created':
        state = newState(record, turn, planTurn(promptOf(record, turn.id)), 'started')
        break
      case 'actions_answered':
        state = existing ?? adoptConfirmation(record, turn)
        state.startReason = 'action_answered'
        break
      case 'resumed':
        if (existing?.phase === 'lost' || existing?.phase === 'stopped') {
          // A run lost mid-tool: the resumed run checks for unknown outcomes, then continues the plan.
          // A run its budget stopped continues at the model call it refused.
          state = existing
        } else if (
          existing &&
          (existing.phase === 'waiting_worker' || existing.phase === 'waiting_confirmation')
        ) {
          // Resumed from requires_action with nothing left to answer: the open call was withdrawn.
          if (existing.current) {
            existing.current = null
            existing.next += 1
          }
          state = existing
        } else {
          // Failed and interrupted turns ended their run state: the resumed turn starts over.
          state = newState(record, turn, planTurn(promptOf(record, turn.id)), 'resumed')
        }
        state.startReason = 'resumed'
    }
    // Turns run in order: an earlier open turn (even one still queued) goes first.
    const earlier = record.turns.slice(
      0,
      Math.max(
        0,
        record.turns.findIndex((other) => other.id === turn.id),
      ),
    )
    if (earlier.some(isTurnOpen)) {
      state.phase = 'blocked'
      return
    }
    state.phase = 'scheduled'
    schedule(state, reason === 'created' ? timing.startMs : timing.stepMs, () => runner.tick(state))
  }

  const handleResults = (delivery: ToolResultsDelivery) => {
    if (delivery.answered.length === 0) return
    const record = backend.db.sessions.get(delivery.sessionId)
    const turn = record?.turns.find((candidate) => candidate.status === 'requires_action')
    if (!record || !turn) return
    let state = runs().get(turn.id)
    if (!state) {
      // A seeded (or restored) suspended turn: finish it after the worker's result.
      state = newState(record, turn, { kind: 'continuation', steps: [{ kind: 'summary' }] }, 'tool_result')
      state.runId = lastRunId(record, turn.id)
    }
    runner.deliverResults(state, record, turn, delivery)
    changed()
  }

  const previousHook = backend.onTurnQueued
  const previousCancelHook = backend.onTurnCancelled
  backend.onTurnQueued = (event) => {
    handleQueued(event)
    changed()
  }
  backend.onTurnCancelled = ({ session: record, turn }) => {
    const state = runs().get(turn.id)
    // interruptLocal releases the session's lease; a queued turn behind a running one holds none.
    if (state || !record.turns.some(isTurnOpen)) releaseWork(backend, record.session.id)
    if (state) onFinished(state, record)
    changed()
  }
  const stopResults = onToolResults(backend, handleResults)

  const cancelAll = () => {
    for (const cancel of slots.values()) cancel()
    slots.clear()
  }

  return {
    timing,
    resumeRuns: () => {
      for (const state of runs().values()) {
        if (state.phase === 'scheduled') schedule(state, timing.stepMs, () => runner.tick(state))
      }
    },
    cancelAll,
    uninstall: () => {
      cancelAll()
      stopResults()
      backend.onTurnQueued = previousHook
      backend.onTurnCancelled = previousCancelHook
    },
  }
}
