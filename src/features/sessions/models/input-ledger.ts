import type { InputEntry } from '@/data/sessions/decode-inputs'

/**
 * The ledger as the user sees it: the server's list (GET inputs) with the live `input.*` events
 * folded over it, one row per input in the order each was first seen. Applied and rejected are
 * final, as upstream's AgentSessionView keeps them: a late `accepted` never moves an input back.
 * Fields an event leaves out (an applied event without its kind) keep what was known.
 */
export function mergeInputLedger(listed: readonly InputEntry[], live: readonly InputEntry[]): InputEntry[] {
  const byId = new Map<string, InputEntry>()
  for (const entry of [...listed, ...live]) {
    const prior = byId.get(entry.inputId)
    if (!prior) {
      byId.set(entry.inputId, entry)
      continue
    }
    if (entry.status === 'accepted' && prior.status !== 'accepted') continue
    byId.set(entry.inputId, {
      ...entry,
      kind: entry.kind ?? prior.kind,
      turnId: entry.turnId ?? prior.turnId,
      runId: entry.runId ?? prior.runId,
      reason: entry.reason ?? prior.reason,
    })
  }
  return [...byId.values()]
}
