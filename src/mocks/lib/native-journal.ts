import type { NativeFact, SessionRecord } from '../db/types'

/**
 * The session's native journal: upstream's internal facts (`SessionEvent`: seq, type, run, turn,
 * data), apart from the public event log. Trace pages read it as it is; recovery is computed from
 * it as `SessionProjection.read` does (agentscope-core/…/session/SessionProjection.java @b589d28e):
 * every `tool/dispatch` is uncertain until an `action/end` with a result or a `recovery/applied`
 * naming it; `run/start` opens a run, `run/end` and `recovery/applied.interruptedRuns` close it.
 */
export type { NativeFact } from '../db/types'

/** A verified outcome as reconcile takes it (a `ToolResultBlock`). */
export type ToolResultBlock = {
  type: 'tool_result'
  id: string
  name: string
  output: { type: 'text'; text: string }[]
  /** `success` or `error` in the console's requests; `suspended` is refused. */
  state?: string
}

export type Projection = {
  asOfSeq: number
  stateJson: string | null
  uncertainToolCalls: string[]
  activeRuns: string[]
}

function journalOf(record: SessionRecord): NativeFact[] {
  record.journal ??= []
  return record.journal
}

export function journalHead(record: SessionRecord): number {
  return record.journal?.at(-1)?.seq ?? 0
}

export function appendFact(
  record: SessionRecord,
  fact: {
    type: string
    runId?: string | null
    turnId?: string | null
    data?: Record<string, unknown>
    /** The event id when upstream derives it (a restore's `restore_<operation>`); else one per seq. */
    id?: string
  },
  at: number,
): NativeFact {
  const journal = journalOf(record)
  const seq = journalHead(record) + 1
  const stored: NativeFact = {
    seq,
    id: fact.id ?? `nevt_${record.session.id}_${seq}`,
    type: fact.type,
    createdAt: at,
    executionRunId: fact.runId ?? null,
    turnId: fact.turnId ?? null,
    data: fact.data ?? {},
  }
  journal.push(stored)
  return stored
}

/** SessionProjection.read over the journal (the state itself is the mock's last checkpoint note). */
export function readProjection(record: SessionRecord): Projection {
  const uncertain = new Set<string>()
  const runs = new Set<string>()
  let stateJson: string | null = null
  for (const fact of record.journal ?? []) {
    const data = fact.data
    switch (fact.type) {
      case 'state/checkpoint':
      case 'migration/baseline':
      case 'state/restored':
        stateJson = typeof data.stateJson === 'string' ? data.stateJson : stateJson
        break
      case 'tool/dispatch':
        if (typeof data.toolCallId === 'string') uncertain.add(data.toolCallId)
        break
      case 'action/end':
        if (data.result != null && typeof data.toolCallId === 'string') uncertain.delete(data.toolCallId)
        break
      case 'recovery/applied':
        for (const id of Array.isArray(data.interruptedRuns) ? data.interruptedRuns : [])
          runs.delete(String(id))
        for (const id of Array.isArray(data.resolvedToolCallIds) ? data.resolvedToolCallIds : [])
          uncertain.delete(String(id))
        break
      case 'run/start':
        if (fact.executionRunId) runs.add(fact.executionRunId)
        break
      case 'run/end':
        if (fact.executionRunId) runs.delete(fact.executionRunId)
    }
  }
  return {
    asOfSeq: journalHead(record),
    stateJson,
    uncertainToolCalls: [...uncertain],
    activeRuns: [...runs],
  }
}

/** The outcome an operator recorded for a call (the last `recovery/applied` naming it), if any. */
export function reconciledOutcome(record: SessionRecord, toolCallId: string): ToolResultBlock | null {
  const applied = (record.journal ?? []).findLast(
    (fact) =>
      fact.type === 'recovery/applied' &&
      Array.isArray(fact.data.resolvedToolCallIds) &&
      fact.data.resolvedToolCallIds.includes(toolCallId),
  )
  const outcomes = applied?.data.outcomes as Record<string, ToolResultBlock> | undefined
  return outcomes?.[toolCallId] ?? null
}

/** What a reconcile request must be, in SessionRecovery.reconcile's order and wording. */
export function checkReconcile(
  record: SessionRecord,
  body: { reason?: unknown; outcomes?: unknown },
):
  | { ok: true; reason: string; outcomes: Record<string, ToolResultBlock> }
  | { ok: false; status: number; message: string } {
  const outcomes =
    typeof body.outcomes === 'object' && body.outcomes !== null && !Array.isArray(body.outcomes)
      ? (body.outcomes as Record<string, unknown>)
      : {}
  const reason = typeof body.reason === 'string' ? body.reason : ''
  // AgentSessionTraceController: empty outcomes or a blank reason never reach the recovery.
  if (Object.keys(outcomes).length === 0 || reason.trim() === '')
    return { ok: false, status: 400, message: 'Explicit outcomes and reason required' }
  const uncertain = new Set(readProjection(record).uncertainToolCalls)
  const keys = Object.keys(outcomes)
  if (keys.length !== uncertain.size || keys.some((key) => !uncertain.has(key)))
    return { ok: false, status: 400, message: 'Supply exactly the unresolved tool outcomes' }
  const checked: Record<string, ToolResultBlock> = {}
  for (const [key, value] of Object.entries(outcomes)) {
    const block = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
    if (block.id !== key || block.state === 'suspended' || block.suspended === true)
      return { ok: false, status: 400, message: 'Mismatched or suspended reconciliation result' }
    const parts: unknown[] = Array.isArray(block.output) ? block.output : []
    const output = parts.flatMap((part) =>
      typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string'
        ? [{ type: 'text' as const, text: (part as { text: string }).text }]
        : [],
    )
    checked[key] = {
      type: 'tool_result',
      id: key,
      name: typeof block.name === 'string' ? block.name : '',
      output,
      ...(typeof block.state === 'string' ? { state: block.state } : {}),
    }
  }
  return { ok: true, reason, outcomes: checked }
}

/** SessionRecovery.reconcile's commit: tool/result{reconciled} per call, recovery/applied, state/checkpoint. */
export function applyReconcile(
  record: SessionRecord,
  reason: string,
  outcomes: Record<string, ToolResultBlock>,
  runId: string,
  at: number,
): Projection {
  const before = readProjection(record)
  for (const outcome of Object.values(outcomes)) {
    appendFact(
      record,
      { type: 'tool/result', runId, data: { message: { result: outcome }, reconciled: true } },
      at,
    )
  }
  appendFact(
    record,
    {
      type: 'recovery/applied',
      runId,
      data: {
        resolvedToolCallIds: Object.keys(outcomes),
        reason,
        outcomes,
        interruptedRuns: before.activeRuns,
      },
    },
    at,
  )
  appendFact(
    record,
    {
      type: 'state/checkpoint',
      runId,
      data: { stateJson: JSON.stringify({ asOfSeq: before.asOfSeq }), projectorVersion: 1 },
    },
    at,
  )
  return readProjection(record)
}
