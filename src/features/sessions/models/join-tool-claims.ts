import type { ToolRecord } from './tool-records'
import type { WorkItem } from '@/data/work/types'
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
    return { workItem: null, workerId: null, workDir: null, steps }
  }
  if (record.suspendedAt !== null) {
    steps.push({
      kind: 'suspended',
      label: record.suspendReason
        ? t('sessions.claim.suspendedBecause', { reason: record.suspendReason })
        : t('sessions.claim.suspended'),
      at: record.suspendedAt,
    })
  }
  const item = findWorkItemFor(record, context)
  if (item) {
    steps.push({ kind: 'queued', label: t('sessions.claim.queued', { work: item.id }), at: item.createdAt })
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
      steps.push({
        kind: 'claimed',
        label: t('sessions.claim.claimed', { worker: item.claimedBy }),
        at: claimedAt,
        ...(claimedAt === null ? { notAfter: record.completedAt ?? item.updatedAt } : {}),
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
  return { workItem: item, workerId: item?.claimedBy ?? null, workDir: item?.workDir ?? null, steps }
}
