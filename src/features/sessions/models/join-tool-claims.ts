import type { ToolRecord } from './tool-records'
import type { WorkItem } from '@/data/work/types'
import { CLAIM_FRESH_MS } from '@/data/work/worker-presence'
import { t } from '@/i18n'
import { readNumber, readText } from '@/lib/read-fields'

export type ClaimStep = {
  kind: 'requested' | 'suspended' | 'queued' | 'claimed' | 'reclaimed' | 'result' | 'resumed' | 'waiting'
  label: string
  /** When it happened; null when the server does not say (a claim time is not a work-item field). */
  at: number | null
  /** The latest time it can have happened, when only that is known. */
  notAfter?: number
}

export type ToolClaim = {
  workItem: WorkItem | null
  workerId: string | null
  /**
   * Set when the call's own work item was never claimed and the worker named ran it while still on
   * an earlier item of the session (served by session): that earlier item.
   */
  servedFrom: WorkItem | null
  workDir: string | null
  steps: ClaimStep[]
}

export type ClaimContext = {
  sessionId: string
  /** Only self-hosted environments have workers; elsewhere tools run inside the backend. */
  isSelfHosted: boolean
  workItems: readonly WorkItem[]
  /** When each turn was accepted, to keep a claim from an earlier turn off a later tool. */
  turnStartedAt?: ReadonlyMap<string, number>
}

/**
 * The work item that carried a tool call: the session's latest item created before the call's
 * result (or now, while it waits) and not before its turn began. A worker keeps one claim for the
 * session until it goes idle, so several calls of a turn share one item.
 */
export function findWorkItemFor(record: ToolRecord, context: ClaimContext): WorkItem | null {
  const until = record.completedAt ?? Number.POSITIVE_INFINITY
  const since = (record.turnId !== null ? context.turnStartedAt?.get(record.turnId) : undefined) ?? -1
  let best: WorkItem | null = null
  for (const item of context.workItems) {
    if (item.sessionId !== context.sessionId) continue
    // Work is queued a moment after the turn suspends, which is after the call was dispatched.
    if (item.createdAt > until || item.createdAt < since - 1000) continue
    if (!best || item.createdAt > best.createdAt) best = item
  }
  return best
}

/** Who ran a call: the worker, the item it held while doing so, and whether that is the call's own. */
export type ToolWorker = {
  /** The call's own work item (its turn's), as findWorkItemFor picks it. */
  item: WorkItem | null
  workerId: string | null
  /** The earlier item the worker was on when it served this call by session; null otherwise. */
  servedFrom: WorkItem | null
}

/**
 * The worker that ran a call. Normally the one that claimed the call's own item. But the upstream
 * worker stays on an item after the server stopped it (the lease ends with its turn) and keeps
 * asking for the session's pending tools, so a later turn's calls can run there while that turn's
 * own item stays queued and ends stopped, never claimed. Then the worker is the one holding another
 * item of the session that it had claimed before the call was dispatched and that was still moving
 * (heartbeats bump `updatedAt`; its last move within CLAIM_FRESH_MS of the result being posted).
 * Several such items: the newest. A call with no result yet is not attributed this way.
 */
export function findToolWorker(record: ToolRecord, context: ClaimContext): ToolWorker {
  const item = findWorkItemFor(record, context)
  if (item?.claimedBy) return { item, workerId: item.claimedBy, servedFrom: null }
  const completedAt = record.completedAt
  const dispatchedAt = record.dispatchedAt ?? record.requestedAt ?? record.suspendedAt
  if (completedAt === null || dispatchedAt === null) return { item, workerId: null, servedFrom: null }
  let servedFrom: WorkItem | null = null
  for (const other of context.workItems) {
    if (other === item || other.sessionId !== context.sessionId || !other.claimedBy) continue
    const claimedAt = readNumber(other.metadata.claimedAt) ?? other.createdAt
    if (other.createdAt > dispatchedAt || claimedAt > completedAt) continue
    // Still fresh when the result was posted (the worker heartbeats every 15 s, so its last move may
    // well precede the dispatch): a claim quiet for CLAIM_FRESH_MS had been given up by then.
    if (other.updatedAt < completedAt - CLAIM_FRESH_MS) continue
    if (!servedFrom || other.createdAt > servedFrom.createdAt) servedFrom = other
  }
  return { item, workerId: servedFrom?.claimedBy ?? null, servedFrom }
}

/** Why a turn suspended, in words; a reason the console does not know stays as the server sent it. */
export function suspendReasonLabel(reason: string): string {
  switch (reason) {
    case 'waiting_for_worker':
      return t('sessions.claim.reasons.waitingForWorker')
    case 'confirmation_required':
      return t('sessions.claim.reasons.confirmationRequired')
    default:
      return reason
  }
}

/** Puts a step among the timed ones by its time (a step without one keeps its place). */
function insertInTimeOrder(steps: ClaimStep[], step: ClaimStep & { at: number }) {
  const position = steps.findIndex((other) => other.at !== null && other.at > step.at)
  if (position === -1) steps.push(step)
  else steps.splice(position, 0, step)
}

/**
 * Joins a tool call to the worker claim that ran it and spells out its timeline: requested →
 * suspended → work queued → claimed by worker X → result posted → turn resumed. Claim times come
 * from the work item (`metadata.claimedAt` when the server records it, otherwise "by" its last
 * update); a lease that lapsed and went back to the queue is shown as such.
 */
export function joinToolClaim(record: ToolRecord, context: ClaimContext): ToolClaim {
  const steps: ClaimStep[] = []
  if (record.requestedAt !== null)
    steps.push({
      kind: 'requested',
      label: t('sessions.claim.requested', { tool: record.name }),
      at: record.requestedAt,
    })
  if (!context.isSelfHosted) {
    if (record.completedAt !== null)
      steps.push({ kind: 'result', label: t('sessions.claim.ranInBackend'), at: record.completedAt })
    return { workItem: null, workerId: null, servedFrom: null, workDir: null, steps }
  }
  if (record.suspendedAt !== null) {
    steps.push({
      kind: 'suspended',
      label: record.suspendReason
        ? t('sessions.claim.suspendedBecause', { reason: suspendReasonLabel(record.suspendReason) })
        : t('sessions.claim.suspended'),
      at: record.suspendedAt,
    })
  }
  const { item, workerId, servedFrom } = findToolWorker(record, context)
  if (item) {
    // One item carries the session's calls until its worker goes idle, so it is often older than
    // this call: it goes where its time puts it, saying so, not after the suspension it preceded.
    const isOlder = record.requestedAt !== null && item.createdAt < record.requestedAt
    insertInTimeOrder(steps, {
      kind: 'queued',
      label: isOlder
        ? t('sessions.claim.queuedForSession', { work: item.id })
        : t('sessions.claim.queued', { work: item.id }),
      at: item.createdAt,
    })
    const metadata = item.metadata
    const reclaimedFrom = readText(metadata.reclaimedFrom)
    if (reclaimedFrom) {
      steps.push({
        kind: 'reclaimed',
        label: t('sessions.claim.reclaimed', { worker: reclaimedFrom }),
        at: readNumber(metadata.reclaimedAt),
      })
    }
    if (item.claimedBy) {
      const claimedAt = readNumber(metadata.claimedAt)
      const label = t('sessions.claim.claimed', { worker: item.claimedBy })
      // A worker that claimed the session's item before this call keeps it: that claim comes first.
      if (claimedAt !== null) insertInTimeOrder(steps, { kind: 'claimed', label, at: claimedAt })
      else steps.push({ kind: 'claimed', label, at: null, notAfter: record.completedAt ?? item.updatedAt })
    } else if (servedFrom?.claimedBy) {
      steps.push({
        kind: 'claimed',
        label: t('sessions.claim.servedBySession', { worker: servedFrom.claimedBy, work: servedFrom.id }),
        at: null,
        notAfter: record.completedAt ?? servedFrom.updatedAt,
      })
    } else if (!record.isComplete) {
      steps.push({ kind: 'waiting', label: t('sessions.claim.waitingForWorker'), at: null })
    }
  } else if (!record.isComplete && record.suspendedAt !== null) {
    steps.push({ kind: 'waiting', label: t('sessions.claim.noWorkItem'), at: null })
  }
  if (record.completedAt !== null) {
    steps.push({
      kind: 'result',
      label: record.isError ? t('sessions.claim.resultError') : t('sessions.claim.result'),
      at: record.completedAt,
    })
  }
  if (record.resumedAt !== null)
    steps.push({ kind: 'resumed', label: t('sessions.claim.resumed'), at: record.resumedAt })
  const workDir = (servedFrom ?? item)?.workDir ?? null
  return { workItem: item, workerId, servedFrom, workDir, steps }
}
