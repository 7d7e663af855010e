import { joinList } from './join-list'
import type { Environment } from '@/data/environments/types'
import type { Turn } from '@/data/sessions/types'
import type { WorkItem } from '@/data/work/types'
import { unlinkedPollingWorkers } from './unlinked-workers'
import {
  environmentWorkerPresence,
  isStaleClaim,
  POLL_FRESH_MS,
  type WorkerPresence,
} from '@/data/work/worker-presence'
import { statusLabel } from './status-label'
import { t } from '@/i18n'
import { formatDuration } from '@/lib/format-duration'
import { isRecord, readNumber } from '@/lib/read-fields'

export type StallCauseCode =
  | 'pending_action'
  | 'earlier_turn'
  | 'no_environment'
  | 'environment_missing'
  | 'environment_archived'
  | 'local_disabled'
  | 'sandbox_credentials'
  | 'no_worker_online'
  | 'key_rotated'
  | 'workers_busy'
  | 'worker_running'
  | 'worker_lost'
  | 'unknown'

export type StallCause = {
  code: StallCauseCode
  /** blocking: certainly holds the turn; likely: the evidence points here; possible: worth checking. */
  confidence: 'blocking' | 'likely' | 'possible'
  title: string
  detail: string
  fix?: { label: string; href: string }
}

export function confidenceLabel(confidence: StallCause['confidence']): string {
  switch (confidence) {
    case 'blocking':
      return t('sessions.stall.confidence.blocking')
    case 'likely':
      return t('sessions.stall.confidence.likely')
    case 'possible':
      return t('sessions.stall.confidence.possible')
  }
}

export type PendingAction = { requestId: string; turnId: string; kind: string; toolName: string | null }

export type StallInput = {
  now: number
  sessionId: string
  environmentId: string | null
  turns: readonly Turn[]
  /** The session's environment; `missing` when the server answers 404 (deleted or not visible). */
  environment: Environment | 'missing' | null
  workItems: readonly WorkItem[]
  /** When the work items were read (their age is judged at that moment, not now). */
  workReadAt?: number | null
  workerHeartbeats: Readonly<Record<string, number>>
  pendingActions: readonly PendingAction[]
  /** Error codes and reasons the log recorded for the session (session.error, turn reasons). */
  errorHints: readonly string[]
}

export type StallDiagnosis = {
  turn: Turn
  blockingTurn: Turn
  causes: StallCause[]
  /** The environment's workers, busy first (self-hosted only). */
  workers: WorkerPresence[]
}

const OPEN: ReadonlySet<Turn['status']> = new Set([
  'queued',
  'running',
  'requires_action',
  'cancel_requested',
])
const WAITING: ReadonlySet<Turn['status']> = new Set(['queued', 'requires_action'])
/**
 * A worker that is polling takes queued work the moment it is queued (its long poll returns it).
 * Work still unclaimed this long after it was queued therefore means no worker is polling now,
 * whatever the last poll heartbeat says: it is 45 s before a silent worker's heartbeat looks old.
 */
export const UNCLAIMED_GRACE_MS = 3_000

function keyIssuedAt(environment: Environment): number | null {
  const record: Record<string, unknown> = environment
  return readNumber(record.keyRotatedAt) ?? readNumber(record.keyIssuedAt)
}

function hintMatches(hints: readonly string[], ...words: string[]): boolean {
  return hints.some((hint) => words.every((word) => hint.toLowerCase().includes(word)))
}

/**
 * "Why isn't this running?" for the newest turn that waits (queued, or suspended): names the likely
 * causes, most certain first, each with where to fix it. A turn behind an unresolved earlier turn
 * is diagnosed through that turn, since that is what holds it.
 */
export function diagnoseStall(input: StallInput): StallDiagnosis | null {
  const ordered = [...input.turns].sort((a, b) => a.createdAt - b.createdAt)
  const turn = ordered.filter((candidate) => WAITING.has(candidate.status)).at(-1)
  if (!turn) return null
  const blockingTurn = ordered.find((candidate) => OPEN.has(candidate.status)) ?? turn
  const causes: StallCause[] = []
  const envHref = input.environmentId ? `/environments/${input.environmentId}` : null

  if (blockingTurn.id !== turn.id) {
    causes.push({
      code: 'earlier_turn',
      confidence: 'blocking',
      title: t('sessions.stall.earlierTurn.title'),
      detail: t('sessions.stall.earlierTurn.detail', {
        turn: blockingTurn.id,
        status: statusLabel(blockingTurn.status),
      }),
      fix: { label: t('sessions.stall.earlierTurn.fix'), href: `?tab=events&q=${blockingTurn.id}` },
    })
  }
  const actions = input.pendingActions.filter((action) => action.turnId === blockingTurn.id)
  for (const action of actions) {
    causes.push({
      code: 'pending_action',
      confidence: 'blocking',
      title: action.toolName
        ? t('sessions.stall.pendingAction.titleTool', { tool: action.toolName })
        : t('sessions.stall.pendingAction.title'),
      detail: t('sessions.stall.pendingAction.detail', { request: action.requestId, kind: action.kind }),
      fix: { label: t('sessions.stall.pendingAction.fix'), href: '#required-actions' },
    })
  }

  const env = input.environment
  if (!input.environmentId) {
    causes.push({
      code: 'no_environment',
      confidence: 'blocking',
      title: t('sessions.stall.noEnvironment.title'),
      detail: t('sessions.stall.noEnvironment.detail'),
      fix: { label: t('sessions.stall.noEnvironment.fix'), href: '?tab=environment' },
    })
  } else if (env === 'missing') {
    causes.push({
      code: 'environment_missing',
      confidence: 'blocking',
      title: t('sessions.stall.environmentMissing.title'),
      detail: t('sessions.stall.environmentMissing.detail', { environment: input.environmentId }),
      fix: { label: t('sessions.stall.chooseAnotherEnvironment'), href: '?tab=environment' },
    })
  } else if (env && env.archivedAt !== null) {
    causes.push({
      code: 'environment_archived',
      confidence: 'blocking',
      title: t('sessions.stall.environmentArchived.title'),
      detail: t('sessions.stall.environmentArchived.detail', { environment: env.name }),
      fix: { label: t('sessions.stall.chooseAnotherEnvironment'), href: '?tab=environment' },
    })
  }

  const isSelfHosted = env !== null && env !== 'missing' && env.type === 'self_hosted'
  const workers = isSelfHosted
    ? environmentWorkerPresence(input.workItems, input.workerHeartbeats, input.now)
    : []
  if (env && env !== 'missing' && env.archivedAt === null && actions.length === 0) {
    if (env.type === 'self_hosted') causes.push(...workerCauses(input, env, workers))
    if (env.type === 'local') {
      const isKnown = hintMatches(input.errorHints, 'local', 'disabled')
      causes.push({
        code: 'local_disabled',
        confidence: isKnown ? 'likely' : 'possible',
        title: t('sessions.stall.localDisabled.title'),
        detail: isKnown
          ? t('sessions.stall.localDisabled.detailReported')
          : t('sessions.stall.localDisabled.detail', { variable: 'BUILDER_ALLOW_LOCAL_ENVIRONMENT' }),
        ...(envHref ? { fix: { label: t('sessions.stall.openEnvironment'), href: envHref } } : {}),
      })
    }
    // `config` is null for an environment created without one (C7).
    if (env.type === 'sandbox' && !(isRecord(env.config) && env.config.apiKey)) {
      const isKnown =
        hintMatches(input.errorHints, 'e2b') || hintMatches(input.errorHints, 'sandbox', 'credential')
      causes.push({
        code: 'sandbox_credentials',
        confidence: isKnown ? 'likely' : 'possible',
        title: t('sessions.stall.sandboxCredentials.title'),
        detail: t('sessions.stall.sandboxCredentials.detail', {
          field: 'apiKey',
          variable: 'BUILDER_E2B_API_KEY',
        }),
        ...(envHref ? { fix: { label: t('sessions.stall.openEnvironment'), href: envHref } } : {}),
      })
    }
  }
  if (causes.length === 0) {
    causes.push({
      code: 'unknown',
      confidence: 'possible',
      title: t('sessions.stall.unknown.title'),
      detail: t('sessions.stall.unknown.detail'),
    })
  }
  return { turn, blockingTurn, causes, workers }
}

/** The worker guide on the environment's Workers tab: how to start one with the key. */
export function workerGuideHref(environmentId: string): string {
  return `/environments/${environmentId}?tab=workers#worker-guide`
}

function workerCauses(input: StallInput, env: Environment, workers: WorkerPresence[]): StallCause[] {
  const causes: StallCause[] = []
  const guide = { label: t('sessions.stall.noWorker.fix'), href: workerGuideHref(env.id) }
  const queueHref = `/environments/${env.id}?tab=workers`
  const busy = workers.filter((worker) => worker.state === 'busy')
  const online = workers.filter((worker) => worker.isOnline)
  const readAt = input.workReadAt ?? input.now
  const own = input.workItems.filter((item) => item.sessionId === input.sessionId)

  // The session's work is held: by a worker that keeps it moving (not to blame), or by one that
  // went quiet, whose claim the next poll of another worker takes over (C13).
  const held = own.find((item) => item.claimedBy && (item.status === 'starting' || item.status === 'active'))
  if (held?.claimedBy) {
    if (!isStaleClaim(held, input.now)) {
      causes.push({
        code: 'worker_running',
        confidence: 'possible',
        title: t('sessions.stall.workerRunning.title', { worker: held.claimedBy }),
        detail: held.workDir
          ? t('sessions.stall.workerRunning.detailIn', {
              work: held.id,
              status: statusLabel(held.status),
              directory: held.workDir,
            })
          : t('sessions.stall.workerRunning.detail', { work: held.id, status: statusLabel(held.status) }),
      })
      return causes
    }
    const others = online.filter((worker) => worker.workerId !== held.claimedBy)
    causes.push({
      code: others.length > 0 ? 'worker_lost' : 'no_worker_online',
      confidence: others.length > 0 ? 'likely' : 'blocking',
      title:
        others.length > 0
          ? t('sessions.stall.workerLost.title', { worker: held.claimedBy })
          : t('sessions.stall.noWorker.title'),
      detail:
        others.length > 0
          ? t('sessions.stall.workerLost.detailTakeover', {
              worker: held.claimedBy,
              duration: formatDuration(input.now - held.updatedAt),
              others: joinList(others.map((worker) => worker.workerId)),
            })
          : t('sessions.stall.workerLost.detailNobody', {
              worker: held.claimedBy,
              duration: formatDuration(input.now - held.updatedAt),
            }),
      fix: guide,
    })
    causes.push(...keyCauses(env, workers))
    return causes
  }

  const queued = own
    .filter((item) => item.status === 'queued' && !item.claimedBy)
    .sort((a, b) => a.createdAt - b.createdAt)[0]
  const isUnclaimed = queued !== undefined && readAt - queued.createdAt >= UNCLAIMED_GRACE_MS
  if (isUnclaimed && busy.length > 0) {
    causes.push({
      code: 'workers_busy',
      confidence: 'likely',
      title: t('sessions.stall.workersBusy.title'),
      detail: t('sessions.stall.workersBusy.detail', {
        workers: joinList(busy.map((worker) => worker.workerId)),
        count: busy.length,
        duration: formatDuration(input.now - queued.createdAt),
      }),
      fix: { label: t('sessions.stall.workersBusy.fix'), href: queueHref },
    })
    return causes
  }
  const unlinked = unlinkedPollingWorkers(workers, input.workerHeartbeats, input.now)
  if (isUnclaimed) {
    // Queued, unclaimed, nobody busy: no worker polls this environment, whatever the heartbeats say.
    causes.push({
      code: 'no_worker_online',
      confidence: 'blocking',
      title: t('sessions.stall.noWorker.title'),
      detail:
        unlinked.length > 0
          ? t('sessions.stall.noWorker.detailUnclaimedElsewhere', {
              work: queued.id,
              duration: formatDuration(input.now - queued.createdAt),
              workers: joinList(unlinked),
              count: unlinked.length,
            })
          : t('sessions.stall.noWorker.detailUnclaimed', {
              work: queued.id,
              duration: formatDuration(input.now - queued.createdAt),
            }),
      fix: guide,
    })
    causes.push(...keyCauses(env, workers))
    return causes
  }
  if (online.length > 0) return causes
  const isNew = workers.length === 0
  causes.push({
    code: 'no_worker_online',
    confidence: isNew && unlinked.length > 0 ? 'likely' : 'blocking',
    title: t('sessions.stall.noWorker.title'),
    detail: !isNew
      ? t('sessions.stall.noWorker.detailSilent', {
          workers: joinList(workers.map((w) => w.workerId)),
          window: formatDuration(POLL_FRESH_MS),
        })
      : unlinked.length > 0
        ? t('sessions.stall.noWorker.detailUnlinked', {
            environment: env.name,
            workers: joinList(unlinked),
            count: unlinked.length,
          })
        : t('sessions.stall.noWorker.detailNever', { environment: env.name }),
    fix: guide,
  })
  causes.push(...keyCauses(env, workers))
  return causes
}

/** A key rotated after the workers were last seen: they may all be using the old one. */
function keyCauses(env: Environment, workers: WorkerPresence[]): StallCause[] {
  const lastSeen = workers.reduce<number | null>(
    (latest, worker) =>
      worker.lastSeenAt === null ? latest : Math.max(latest ?? worker.lastSeenAt, worker.lastSeenAt),
    null,
  )
  const issuedAt = keyIssuedAt(env)
  const changedAt = issuedAt ?? env.updatedAt
  if (lastSeen === null || changedAt <= lastSeen) return []
  return [
    {
      code: 'key_rotated',
      confidence: issuedAt !== null ? 'likely' : 'possible',
      title: t('sessions.stall.keyRotated.title'),
      detail:
        issuedAt !== null
          ? t('sessions.stall.keyRotated.detailIssued')
          : t('sessions.stall.keyRotated.detailChanged'),
      fix: { label: t('sessions.stall.keyRotated.fix'), href: `/environments/${env.id}` },
    },
  ]
}
