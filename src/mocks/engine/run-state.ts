import type { Plan, ToolRecord } from './planner'
import type { ToolInput } from './tool-common'

/**
 * Where the engine is in one turn. Plain data kept in `MockDb.turnRuns`, so a reloaded demo picks
 * its turns up where they were.
 */
export type TurnRunState = {
  sessionId: string
  turnId: string
  plan: Plan
  /** The step to run next. */
  next: number
  /**
   * `scheduled`: a tick is due. `waiting_confirmation`/`waiting_worker`: suspended until an answer
   * or a worker's result. `blocked`: an earlier turn of the session is still open.
   */
  phase: 'scheduled' | 'waiting_confirmation' | 'waiting_worker' | 'blocked'
  /** Why the next run starts (run.started `reason`). */
  startReason: string
  /** The current or last run; tool events after a suspension still name the run that asked. */
  runId: string | null
  /** The tool call in progress (requested, not yet completed). */
  current: { callId: string; name: string; input: ToolInput; requestId?: string } | null
  results: ToolRecord[]
  /** The previous step was assistant text: a tool call right after it shares that model call. */
  isAfterText: boolean
}
