import { malformedField } from '@/api/response-guards'
import { isRecord, readNumber, readString } from '@/lib/read-fields'

/**
 * The admin repair surface's answers in console terms. `GET {S}/trace/recovery` and
 * `POST {S}/trace/reconcile` answer upstream's SessionProjection (asOfSeq, stateJson,
 * uncertainToolCalls, activeRuns); `GET {S}/trace` a page of native journal facts.
 */
export type RecoveryState = {
  asOfSeq: number
  /** Tool calls dispatched whose outcome nobody knows: resume and restore refuse until reconciled. */
  uncertainToolCallIds: string[]
  /** Runs that started and never ended (a replica died). */
  activeRunIds: string[]
}

export type TraceFact = {
  seq: number
  type: string
  runId: string | null
  turnId: string | null
  createdAt: number | null
  data: Record<string, unknown>
}

export type TracePage = { facts: TraceFact[]; asOfSeq: number; nextSeq: number }

function stringList(value: unknown, what: string, key: string): string[] {
  if (!Array.isArray(value)) throw malformedField(what, key)
  return value.filter((item): item is string => typeof item === 'string')
}

export function decodeRecovery(data: unknown): RecoveryState {
  const what = 'recovery'
  if (!isRecord(data)) throw malformedField(what, 'uncertainToolCalls')
  return {
    asOfSeq: readNumber(data.asOfSeq) ?? 0,
    uncertainToolCallIds: stringList(data.uncertainToolCalls, what, 'uncertainToolCalls'),
    activeRunIds: Array.isArray(data.activeRuns) ? stringList(data.activeRuns, what, 'activeRuns') : [],
  }
}

export function decodeTracePage(data: unknown): TracePage {
  const what = 'trace page'
  if (!isRecord(data) || !Array.isArray(data.data)) throw malformedField(what, 'data')
  const facts = data.data.filter(isRecord).map((fact): TraceFact => ({
    seq: readNumber(fact.seq) ?? 0,
    type: readString(fact.type) ?? '',
    runId: readString(fact.executionRunId),
    turnId: readString(fact.turnId),
    createdAt: readNumber(fact.createdAt),
    data: isRecord(fact.data) ? fact.data : {},
  }))
  return {
    facts,
    asOfSeq: readNumber(data.as_of_seq) ?? 0,
    nextSeq: readNumber(data.next_seq) ?? 0,
  }
}

/** What an operator verified a call did: it succeeded with this output, or failed with this message. */
export type VerifiedOutcome = { kind: 'success'; output: string } | { kind: 'error'; message: string }

export type Reconciliation = {
  reason: string
  /** One entry per uncertain call: its id, the tool's name and what it did. */
  outcomes: { toolCallId: string; toolName: string; outcome: VerifiedOutcome }[]
}

/**
 * The request body upstream's SessionRecovery.reconcile takes: `{reason, outcomes: {id: ToolResultBlock}}`,
 * each block's `id` equal to its key. The block's `state` values are the console's reading
 * (success/error); upstream's enum names are not verified.
 */
export function reconcileBody(reconciliation: Reconciliation) {
  return {
    reason: reconciliation.reason.trim(),
    outcomes: Object.fromEntries(
      reconciliation.outcomes.map(({ toolCallId, toolName, outcome }) => [
        toolCallId,
        {
          type: 'tool_result',
          id: toolCallId,
          name: toolName,
          output: [{ type: 'text', text: outcome.kind === 'success' ? outcome.output : outcome.message }],
          state: outcome.kind,
        },
      ]),
    ),
  }
}
