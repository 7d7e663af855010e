import type { components } from '@/api/schema.gen'
import { environmentWorkers, WORKER_ONLINE_WINDOW_MS, type KnownWorker } from './environment-workers'

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

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

function keyIssuedAt(environment: Environment): number | null {
  const record = environment as Record<string, unknown>
  return num(record.keyRotatedAt) ?? num(record.keyIssuedAt)
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
      title: 'An earlier turn is still unresolved',
      detail: `Turns run in order: ${blockingTurn.id} is ${blockingTurn.status.replace('_', ' ')}, so this turn waits behind it.`,
      fix: { label: 'Show that turn', href: `?tab=events&q=${blockingTurn.id}` },
    })
  }
  const actions = input.pendingActions.filter((action) => action.turnId === blockingTurn.id)
  for (const action of actions) {
    causes.push({
      code: 'pending_action',
      confidence: 'blocking',
      title: `Waiting for your answer${action.toolName ? ` to ${action.toolName}` : ''}`,
      detail: `Required action ${action.requestId} (${action.kind}) is unanswered; the turn continues once it is allowed or denied.`,
      fix: { label: 'Answer it', href: '#required-actions' },
    })
  }

  const env = input.environment
  if (!input.environmentId) {
    causes.push({
      code: 'no_environment',
      confidence: 'blocking',
      title: 'The session has no environment',
      detail: 'Its agent had no default environment when it was created, so tool calls have nowhere to run.',
      fix: { label: 'Choose an environment', href: '?tab=environment' },
    })
  } else if (env === 'missing') {
    causes.push({
      code: 'environment_missing',
      confidence: 'blocking',
      title: 'The environment is gone',
      detail: `${input.environmentId} was deleted or is not visible to you.`,
      fix: { label: 'Choose another environment', href: '?tab=environment' },
    })
  } else if (env && env.archivedAt !== null) {
    causes.push({
      code: 'environment_archived',
      confidence: 'blocking',
      title: 'The environment is archived',
      detail: `${env.name} was archived; archived environments take no new work.`,
      fix: { label: 'Choose another environment', href: '?tab=environment' },
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
        title: 'Local environments may be disabled by deployment policy',
        detail: isKnown
          ? 'The server reported that local environments are disabled on this deployment.'
          : 'A deployment without BUILDER_ALLOW_LOCAL_ENVIRONMENT refuses local work; an administrator decides.',
        ...(envHref ? { fix: { label: 'Open the environment', href: envHref } } : {}),
      })
    }
    if (env.type === 'sandbox' && !env.config.apiKey) {
      const isKnown =
        hintMatches(input.errorHints, 'e2b') || hintMatches(input.errorHints, 'sandbox', 'credential')
      causes.push({
        code: 'sandbox_credentials',
        confidence: isKnown ? 'likely' : 'possible',
        title: 'Sandbox credentials may be missing',
        detail:
          'The environment has no apiKey of its own, so it relies on the deployment’s BUILDER_E2B_API_KEY; without one no sandbox can start.',
        ...(envHref ? { fix: { label: 'Open the environment', href: envHref } } : {}),
      })
    }
  }
  if (causes.length === 0) {
    causes.push({
      code: 'unknown',
      confidence: 'possible',
      title: 'No blocker found',
      detail:
        'Nothing the console can see holds this turn; the server may simply be busy. The events show its progress.',
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
  const fix = envHref ? { label: 'Open the environment to start a worker', href: envHref } : undefined
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
      title: 'No worker is online for this self-hosted environment',
      detail: !isNew
        ? `Workers that served it before (${workers.map((w) => w.workerId).join(', ')}) sent no heartbeat in the last 45 s.`
        : unlinked.length > 0
          ? `No worker has claimed work on ${env.name} yet. ${unlinked.join(', ')} ${unlinked.length === 1 ? 'is' : 'are'} online, but the API does not say for which environment.`
          : `No worker has ever claimed work on ${env.name}. Start one with the environment's key.`,
      ...(fix ? { fix } : {}),
    })
    const changedAt = issuedAt ?? env.updatedAt
    if (lastSeen !== null && changedAt > lastSeen) {
      causes.push({
        code: 'key_rotated',
        confidence: issuedAt !== null ? 'likely' : 'possible',
        title: 'The key may have been rotated after the worker last authenticated',
        detail:
          issuedAt !== null
            ? 'The environment key was issued after the last worker heartbeat; the old key stops working at once.'
            : 'The environment changed after the last worker heartbeat (a key rotation changes it too).',
        ...(envHref ? { fix: { label: 'Restart workers with the new key', href: envHref } } : {}),
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
      title: `Worker ${held.claimedBy} holds the work and is running the tool call`,
      detail: `Work ${held.id} is ${held.status}${held.workDir ? ` in ${held.workDir}` : ''}; the turn resumes when the worker posts its result.`,
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
      title: 'Workers are online but have not claimed this work',
      detail: `${online.map((w) => w.workerId).join(', ')} ${online.length === 1 ? 'is' : 'are'} online; each holds one session at a time, so they may be busy elsewhere.`,
      ...(envHref ? { fix: { label: 'See the environment’s queue', href: envHref } } : {}),
    })
  }
  return causes
}
