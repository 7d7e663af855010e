import type { Turn } from '@/data/sessions/types'

/**
 * What upstream checks before a checkpoint restore or a fork (SessionCheckpointService.requireSettled
 * @b589d28e), evaluated before the click from what the console can read:
 * 1. every turn completed or cancelled — a failed, interrupted or paused turn must be cancelled first;
 * 2. no uncertain tool call, no active run, no pending interaction (trace/recovery; required actions);
 * 3. no steering or injected context accepted and not yet applied (the inputs ledger).
 * Each check is `ok`, `blocked`, or `unknown` when the console cannot read what it needs (trace off,
 * inputs not served); the server still decides, and its first refusal is the one shown.
 */
export type PreflightState = 'ok' | 'blocked' | 'unknown'

/** Turns upstream's cancel settles at once (SessionTurnInbox.cancel); a running one is asked to stop. */
const CANCELLABLE: ReadonlySet<string> = new Set([
  'queued',
  'requires_action',
  'interrupted',
  'failed',
  'running',
])
const SETTLED: ReadonlySet<string> = new Set(['completed', 'cancelled'])

export type PreflightInput = {
  turns: readonly Turn[]
  /** Null when trace/recovery cannot be read (off, no role, or failed). */
  recovery: { uncertainToolCallIds: readonly string[]; activeRunIds: readonly string[] } | null
  /** Required actions still waiting for an answer. */
  openActionIds: readonly string[]
  /** Null when the server does not serve the inputs ledger. */
  pendingInputIds: readonly string[] | null
}

export type UnsettledTurn = {
  turnId: string
  status: string
  /** Whether a cancel would settle it (a running turn only becomes cancel_requested). */
  isCancellable: boolean
}

export type Preflight = {
  turns: { state: PreflightState; unsettled: UnsettledTurn[] }
  uncertain: { state: PreflightState; toolCallIds: readonly string[] }
  runs: { state: PreflightState; runIds: readonly string[] }
  interactions: { state: PreflightState; requestIds: readonly string[] }
  inputs: { state: PreflightState; inputIds: readonly string[] }
  /** Upstream's wording of the refusal the server would answer first; null when none is expected. */
  expectedRefusal: string | null
  /** Nothing known to block: the request may be sent (the server checks again). */
  isClear: boolean
  /** Cancelling an interrupted or failed turn is refused while a call is uncertain (cancelPending). */
  isCancelRefused: boolean
}

export const REFUSALS = {
  turns: 'Finish or cancel pending turns before changing session state',
  execution: 'Reconcile execution and resolve interactions first',
  inputs: 'Pending session input must be consumed before restore',
} as const

const stateOf = (known: boolean, blocking: boolean): PreflightState =>
  !known ? 'unknown' : blocking ? 'blocked' : 'ok'

export function evaluatePreflight(input: PreflightInput): Preflight {
  const unsettled = input.turns
    .filter((turn) => !SETTLED.has(turn.status))
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((turn) => ({ turnId: turn.id, status: turn.status, isCancellable: CANCELLABLE.has(turn.status) }))
  const uncertain = input.recovery?.uncertainToolCallIds ?? []
  const runs = input.recovery?.activeRunIds ?? []
  const pendingInputs = input.pendingInputIds ?? []
  const isExecutionBlocked = uncertain.length > 0 || runs.length > 0 || input.openActionIds.length > 0
  const expectedRefusal =
    unsettled.length > 0
      ? REFUSALS.turns
      : isExecutionBlocked
        ? REFUSALS.execution
        : pendingInputs.length > 0
          ? REFUSALS.inputs
          : null
  return {
    turns: { state: stateOf(true, unsettled.length > 0), unsettled },
    uncertain: { state: stateOf(input.recovery !== null, uncertain.length > 0), toolCallIds: uncertain },
    runs: { state: stateOf(input.recovery !== null, runs.length > 0), runIds: runs },
    interactions: {
      state: stateOf(true, input.openActionIds.length > 0),
      requestIds: input.openActionIds,
    },
    inputs: {
      state: stateOf(input.pendingInputIds !== null, pendingInputs.length > 0),
      inputIds: pendingInputs,
    },
    expectedRefusal,
    isClear: expectedRefusal === null,
    isCancelRefused: uncertain.length > 0,
  }
}
