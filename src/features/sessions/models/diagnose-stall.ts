import type { components } from '@/api/schema.gen'
import { environmentWorkers, WORKER_ONLINE_WINDOW_MS, type KnownWorker } from './environment-workers'
import { joinList } from './join-list'
import { readNumber } from '@/data/sessions/event-data'
import { statusLabel } from './status-label'
import { t } from '@/i18n'
import { formatDuration } from '@/lib/format-duration'

type Schemas = components['schemas']
type Turn = Schemas['Turn']
type Environment = Schemas['Environment']
type WorkItem = Schemas['WorkItem']

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
  workerHeartbeats: Readonly<Record<string, number>>
  pendingActions: readonly PendingAction[]
  /** Error codes and reasons the log recorded for the session (session.error, turn reasons). */
  errorHints: readonly string[]
}

export type StallDiagnosis = { turn: Turn; blockingTurn: Turn; causes: StallCause[]; workers: KnownWorker[] }

const OPEN: ReadonlySet<Turn['status']> = new Set([
  'queued',
  'running',
  'requires_action',
  'cancel_requested',
])
const WAITING: ReadonlySet<Turn['status']> = new Set(['queued', 'requires_action'])
/** Work nobody claims for this long, with workers online, is worth a word. */
const CLAIM_PATIENCE_MS = 60_000

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

  const workers = environmentWorkers(input.workItems, input.workerHeartbeats, input.now)
  if (env && env !== 'missing' && env.archivedAt === null && actions.length === 0) {
    if (env.type === 'self_hosted') causes.push(...workerCauses(input, env, workers, envHref))
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
    if (env.type === 'sandbox' && !env.config.apiKey) {
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

function workerCauses(
  input: StallInput,
  env: Environment,
  workers: KnownWorker[],
  envHref: string | null,
): StallCause[] {
  const causes: StallCause[] = []
  const fix = envHref ? { label: t('sessions.stall.noWorker.fix'), href: envHref } : undefined
  const online = workers.filter((worker) => worker.isOnline)
  const lastSeen = workers[0]?.lastSeenAt ?? null
  const issuedAt = keyIssuedAt(env)
  if (online.length === 0) {
    // Heartbeats do not name an environment: a new worker is only tied to this one by a claim.
    const known = new Set(workers.map((worker) => worker.workerId))
    const unlinked = Object.entries(input.workerHeartbeats)
      .filter(([workerId, at]) => !known.has(workerId) && input.now - at <= WORKER_ONLINE_WINDOW_MS)
      .map(([workerId]) => workerId)
    const isNew = workers.length === 0
    causes.push({
      code: 'no_worker_online',
      confidence: isNew && unlinked.length > 0 ? 'likely' : 'blocking',
      title: t('sessions.stall.noWorker.title'),
      detail: !isNew
        ? t('sessions.stall.noWorker.detailSilent', {
            workers: joinList(workers.map((w) => w.workerId)),
            window: formatDuration(WORKER_ONLINE_WINDOW_MS),
          })
        : unlinked.length > 0
          ? t('sessions.stall.noWorker.detailUnlinked', {
              environment: env.name,
              workers: joinList(unlinked),
              count: unlinked.length,
            })
          : t('sessions.stall.noWorker.detailNever', { environment: env.name }),
      ...(fix ? { fix } : {}),
    })
    const changedAt = issuedAt ?? env.updatedAt
    if (lastSeen !== null && changedAt > lastSeen) {
      causes.push({
        code: 'key_rotated',
        confidence: issuedAt !== null ? 'likely' : 'possible',
        title: t('sessions.stall.keyRotated.title'),
        detail:
          issuedAt !== null
            ? t('sessions.stall.keyRotated.detailIssued')
            : t('sessions.stall.keyRotated.detailChanged'),
        ...(envHref ? { fix: { label: t('sessions.stall.keyRotated.fix'), href: envHref } } : {}),
      })
    }
    return causes
  }
  const held = input.workItems.find(
    (item) =>
      item.sessionId === input.sessionId &&
      (item.status === 'starting' || item.status === 'active') &&
      online.some((worker) => worker.workerId === item.claimedBy),
  )
  if (held?.claimedBy) {
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
  const queued = input.workItems.filter(
    (item) => item.sessionId === input.sessionId && item.status === 'queued' && item.claimedBy === null,
  )
  const oldest = queued.reduce<number | null>(
    (min, item) => (min === null ? item.createdAt : Math.min(min, item.createdAt)),
    null,
  )
  if (oldest !== null && input.now - oldest > CLAIM_PATIENCE_MS) {
    causes.push({
      code: 'workers_busy',
      confidence: 'possible',
      title: t('sessions.stall.workersBusy.title'),
      detail: t('sessions.stall.workersBusy.detail', {
        workers: joinList(online.map((w) => w.workerId)),
        count: online.length,
      }),
      ...(envHref ? { fix: { label: t('sessions.stall.workersBusy.fix'), href: envHref } } : {}),
    })
  }
  return causes
}
