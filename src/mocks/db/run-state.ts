/**
 * The stored shape of the engine's turns in flight. Plain data kept in `MockDb.turnRuns`, so a
 * reloaded demo picks its turns up where they were; the engine (engine/engine.ts, turn-runner.ts)
 * is the only writer, the planner (engine/planner.ts) builds the plans.
 */

// The self-hosted tool set (`SelfHostedToolSchemas`) is the contract's, shared with the console.
import { BUILT_IN_TOOL_NAMES, type BuiltInToolName } from '../../api/tool-names'

export const TOOL_NAMES = BUILT_IN_TOOL_NAMES
export type ToolName = BuiltInToolName

export type ToolInput = Record<string, unknown>

export type PlanKind =
  | 'environment_check'
  | 'files'
  | 'shell'
  | 'long_output'
  | 'failing_tool'
  | 'confirmation'
  | 'model_error'
  | 'plain'
  /** Many short steps: a turn that runs long enough to be steered. */
  | 'long_running'
  /** A turn the engine picked up mid-way (seeded, or restored), finished after its open tool call. */
  | 'continuation'
  /** Hands tasks to sub-agents: child sessions whose logs run live beside the parent's. */
  | 'delegate'

export type PlanStep =
  | { kind: 'text'; text: string }
  | { kind: 'tool'; name: ToolName; input: ToolInput; needsConfirmation?: boolean }
  /** Assistant text written from the tool results so far (see engine/planner.ts summarize). */
  | { kind: 'summary' }
  /** The model call fails: the turn ends failed with upstream's code and its session.error events. */
  | { kind: 'fail'; errorCode: 'model_call_failed'; reason: string }
  /** The agent works without writing anything for `ms`: one more step boundary. */
  | { kind: 'pause'; ms: number }
  /** A sub-agent runs `task` (and hands `nested` to a sub-agent of its own); the turn waits for it. */
  | { kind: 'delegate'; taskId: string; task: string; nested?: { taskId: string; task: string } }

export type Plan = { kind: PlanKind; steps: PlanStep[] }

/** What a tool call of the turn returned, for the summary. */
export type ToolRecord = {
  callId: string
  name: string
  text: string
  isError: boolean
  /** Refused without running: by the user at a confirmation, or by a deny policy. */
  isDenied?: boolean
  /** The definition disables the tool, so the model had no such call to make. */
  isUnavailable?: boolean
}

/** Where the engine is in one turn. */
export type TurnRunState = {
  sessionId: string
  turnId: string
  plan: Plan
  /** The step to run next. */
  next: number
  /**
   * `scheduled`: a tick is due. `waiting_confirmation`/`waiting_worker`: suspended until an answer
   * or a worker's result. `blocked`: an earlier turn of the session is still open. `lost`: the run
   * died after a tool's dispatch (the `killRunMidTool` fault); a resume continues once it is reconciled.
   * `stopped`: the session tree's budget refused a model call and the turn failed; a resume continues
   * at that call.
   */
  phase: 'scheduled' | 'waiting_confirmation' | 'waiting_worker' | 'blocked' | 'lost' | 'stopped'
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
