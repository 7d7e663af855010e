import type { Reconciliation, VerifiedOutcome } from '@/data/sessions/decode-recovery'

/** One uncertain call's row of the form: what the operator says it did, once they checked. */
export type OutcomeDraft = { kind: 'success' | 'error' | null; text: string }

export type ReconcileDraft = { reason: string; outcomes: Readonly<Record<string, OutcomeDraft>> }

export type ReconcileCheck = {
  /** Calls with a chosen outcome (and the error's message, when it failed). */
  covered: number
  total: number
  /** Upstream refuses a blank reason ("Explicit outcomes and reason required"). */
  isReasonMissing: boolean
  /** Uncertain calls still without a verified outcome; upstream takes exactly the uncertain set. */
  missing: string[]
  /** A failed call needs the error's message. */
  missingMessage: string[]
  /** The request to send, when everything holds; null otherwise. */
  request: Reconciliation | null
}

/**
 * Upstream's rules before anything is sent (SessionRecovery.reconcile): a reason, and outcomes for
 * exactly the uncertain set — each of those calls covered, nothing else. A successful call may
 * have produced no output; a failed one is described by its message.
 */
export function checkReconcileDraft(
  draft: ReconcileDraft,
  uncertain: readonly { toolCallId: string; toolName: string }[],
): ReconcileCheck {
  const missing: string[] = []
  const missingMessage: string[] = []
  const outcomes: Reconciliation['outcomes'] = []
  for (const call of uncertain) {
    const row = draft.outcomes[call.toolCallId]
    if (!row?.kind) {
      missing.push(call.toolCallId)
      continue
    }
    if (row.kind === 'error' && row.text.trim() === '') {
      missingMessage.push(call.toolCallId)
      continue
    }
    const outcome: VerifiedOutcome =
      row.kind === 'success'
        ? { kind: 'success', output: row.text }
        : { kind: 'error', message: row.text.trim() }
    outcomes.push({ toolCallId: call.toolCallId, toolName: call.toolName, outcome })
  }
  const isReasonMissing = draft.reason.trim() === ''
  const isComplete = outcomes.length === uncertain.length && uncertain.length > 0
  return {
    covered: outcomes.length,
    total: uncertain.length,
    isReasonMissing,
    missing,
    missingMessage,
    request: isComplete && !isReasonMissing ? { reason: draft.reason.trim(), outcomes } : null,
  }
}
