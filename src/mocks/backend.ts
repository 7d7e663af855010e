import type { components } from '@/api/schema.gen'
import { createEmptyDb, type MockDb, type SessionRecord } from './db/types'
import { createRandom, systemClock, type Clock, type Random } from './lib/clock'
import { createIdFactory, type IdFactory } from './lib/ids'
import type { MockControls } from './engine/controls'

export type MockOptions = {
  /** Deployment policy: BUILDER_ALLOW_LOCAL_ENVIRONMENT (creating a local environment → 403 when false). */
  allowLocalEnvironments: boolean
  /** Added to every answer in the browser demo so loading states are visible; 0 in tests. */
  latencyMs: number
  /** Comment heartbeat interval on event streams (upstream: 15 s). */
  streamHeartbeatMs: number
  /** A worker whose last heartbeat is older than this loses its lease (item back to `queued`). */
  leaseTimeoutMs: number
  /** BUILDER_E2B_API_KEY: the mock deployment has none, so a sandbox needs `config.apiKey`. */
  hasDeploymentE2bKey: boolean
}

/** A canned answer for one route, used by tests to produce broken or hostile server responses. */
export type ResponseOverride = {
  method?: string
  /** Matched against the request path: exact, or a prefix when it ends with `*`. */
  path: string
  status: number
  body: string
  contentType?: string
}

/** Answers a share of a route's requests with a server error (5xx by default). */
export type ErrorRate = {
  method?: string
  /** Matched like ResponseOverride.path: exact, or a prefix when it ends with `*`. */
  path: string
  /** 0–1: the share of matching requests that fail. */
  rate: number
  status?: number
  /**
   * 0–1: the share of these failures where the server acts first and only its answer is lost
   * (the case an Idempotency-Key exists for). The rest fail before anything happens.
   */
  lostAnswerShare?: number
}

/**
 * Faults for tests and the demo panel. Each one is off at its zero value; see engine/controls.ts
 * for how the demo turns them on and off at run time.
 */
export type MockFaults = {
  overrides: ResponseOverride[]
  /** Added to every /api answer, plus a random share of `latencyJitterMs`. */
  latencyMs: number
  latencyJitterMs: number
  errorRates: ErrorRate[]
  /** Event streams break (the connection drops) this long after they open; 0 = never. */
  streamDropEveryMs: number
  /** Event streams end after sending this many events, and the client must resume; 0 = never. */
  streamDropAfterEvents: number
  /**
   * Each stream's drop point moves by a random 0…this many extra events, so drops land at random
   * points of the log rather than on multiples of `streamDropAfterEvents`; 0 = no jitter.
   */
  streamDropAfterEventsJitter: number
  /** The next virtual worker that claims work dies right after its ack (one-shot). */
  killWorkerMidClaim: boolean
  /** Every virtual worker is stopped: nobody polls. */
  workersOffline: boolean
  /** Deployment policy flipped at run time: creating or binding a local environment fails. */
  localEnvironmentsDisabled: boolean
  /** Sandbox turns fail as if neither the environment nor the deployment had an E2B key. */
  sandboxCredentialsMissing: boolean
}

export const noFaults: MockFaults = {
  overrides: [],
  latencyMs: 0,
  latencyJitterMs: 0,
  errorRates: [],
  streamDropEveryMs: 0,
  streamDropAfterEvents: 0,
  streamDropAfterEventsJitter: 0,
  killWorkerMidClaim: false,
  workersOffline: false,
  localEnvironmentsDisabled: false,
  sandboxCredentialsMissing: false,
}

/** Everything a handler needs: the state, time, randomness, the deployment's options and faults. */
export type MockBackend = {
  db: MockDb
  clock: Clock
  random: Random
  /** The seed of `random`: a demo reset starts the same random stream again. */
  seed: number
  /** Separate from `random`, so injected faults never shift the ids the seed and handlers draw. */
  faultRandom: Random
  ids: IdFactory
  options: MockOptions
  faults: MockFaults
  /** How many answers the faults replaced, for fault tests and the Demo panel. */
  injected: { errors: number; lostAnswers: number }
  /**
   * Where the execution engine plugs in: called right after a turn (re)enters `queued` (created,
   * resumed, or its required actions answered). The engine starts the run from here; without an
   * engine, turns simply stay queued.
   */
  onTurnQueued?: (queued: TurnQueued) => void
  /** Called after a turn was cancelled, so the engine stops its run and releases the session's worker. */
  onTurnCancelled?: (cancelled: { session: SessionRecord; turn: components['schemas']['Turn'] }) => void
  /** Set by installEngine: what the mock-only `/__mock/*` routes drive (faults, workers, reset). */
  controls?: MockControls
}

/** Why and where a turn was queued, for `MockBackend.onTurnQueued`. */
export type TurnQueued = {
  session: SessionRecord
  turn: components['schemas']['Turn']
  reason: 'created' | 'resumed' | 'actions_answered'
}

export const defaultMockOptions: MockOptions = {
  allowLocalEnvironments: true,
  latencyMs: 0,
  streamHeartbeatMs: 15_000,
  leaseTimeoutMs: 45_000,
  hasDeploymentE2bKey: false,
}

export function createMockBackend(
  init: {
    clock?: Clock
    seed?: number
    options?: Partial<MockOptions>
    db?: MockDb
    faults?: Partial<MockFaults>
  } = {},
): MockBackend {
  const seed = init.seed ?? 20261129
  const random = createRandom(seed)
  return {
    db: init.db ?? createEmptyDb(),
    injected: { errors: 0, lostAnswers: 0 },
    clock: init.clock ?? systemClock,
    random,
    seed,
    faultRandom: createRandom(seed ^ 0x5bd1e995),
    ids: createIdFactory(random),
    options: { ...defaultMockOptions, ...init.options },
    faults: { ...noFaults, ...init.faults },
  }
}

/** Replaces the backend's random stream (and the ids drawn from it), e.g. `backend.seed` for a reset. */
export function reseedRandom(backend: MockBackend, seed: number): void {
  backend.random = createRandom(seed)
  backend.ids = createIdFactory(backend.random)
}

/** Deployment policy and the run-time fault together decide whether local environments may be used. */
export function isLocalAllowed(backend: MockBackend): boolean {
  return backend.options.allowLocalEnvironments && !backend.faults.localEnvironmentsDisabled
}

function matchesRoute(rule: { method?: string; path: string }, request: Request): boolean {
  const path = new URL(request.url).pathname
  return (
    (!rule.method || rule.method.toUpperCase() === request.method) &&
    (rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path)
  )
}

export function findOverride(faults: MockFaults, request: Request): ResponseOverride | undefined {
  return faults.overrides.find((override) => matchesRoute(override, request))
}

/**
 * The injected error for this request, if its route's error rate says this one fails, and
 * whether the server handles the request before the answer is lost.
 */
export function rollInjectedError(
  backend: MockBackend,
  request: Request,
): { rule: ErrorRate; afterHandling: boolean } | undefined {
  const rule = backend.faults.errorRates.find((candidate) => matchesRoute(candidate, request))
  if (!rule || backend.faultRandom() >= rule.rate) return undefined
  return { rule, afterHandling: backend.faultRandom() < (rule.lostAnswerShare ?? 0) }
}

/** The delay to add to this answer: the deployment's demo latency plus the injected one. */
export function injectedLatency(backend: MockBackend): number {
  const { latencyMs, latencyJitterMs } = backend.faults
  const jitter = latencyJitterMs > 0 ? Math.floor(backend.faultRandom() * latencyJitterMs) : 0
  return backend.options.latencyMs + latencyMs + jitter
}

const isNonNegative = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0

function isRouteRule(item: unknown): item is { method?: string; path: string } {
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof (item as ResponseOverride).path === 'string' &&
    ((item as ResponseOverride).method === undefined || typeof (item as ResponseOverride).method === 'string')
  )
}

/**
 * Keeps the well-formed fault settings of an untrusted value (test config, the demo panel's PUT)
 * and drops the rest, so a typo never breaks the demo.
 */
export function sanitizeFaults(value: unknown): Partial<MockFaults> {
  if (typeof value !== 'object' || value === null) return {}
  const raw = value as Record<string, unknown>
  const faults: Partial<MockFaults> = {}
  if (Array.isArray(raw.overrides)) {
    faults.overrides = raw.overrides.filter(
      (item): item is ResponseOverride =>
        isRouteRule(item) &&
        typeof (item as ResponseOverride).status === 'number' &&
        typeof (item as ResponseOverride).body === 'string',
    )
  }
  if (Array.isArray(raw.errorRates)) {
    faults.errorRates = raw.errorRates.filter(
      (item): item is ErrorRate =>
        isRouteRule(item) &&
        isNonNegative((item as ErrorRate).rate) &&
        (item as ErrorRate).rate <= 1 &&
        ((item as ErrorRate).status === undefined || isNonNegative((item as ErrorRate).status)) &&
        ((item as ErrorRate).lostAnswerShare === undefined ||
          (isNonNegative((item as ErrorRate).lostAnswerShare) &&
            ((item as ErrorRate).lostAnswerShare ?? 0) <= 1)),
    )
  }
  for (const key of [
    'latencyMs',
    'latencyJitterMs',
    'streamDropEveryMs',
    'streamDropAfterEvents',
    'streamDropAfterEventsJitter',
  ] as const) {
    const number = raw[key]
    if (isNonNegative(number)) faults[key] = number
  }
  for (const key of [
    'killWorkerMidClaim',
    'workersOffline',
    'localEnvironmentsDisabled',
    'sandboxCredentialsMissing',
  ] as const) {
    const flag = raw[key]
    if (typeof flag === 'boolean') faults[key] = flag
  }
  return faults
}

/** Reads test-supplied faults (JSON); anything malformed is ignored rather than breaking the demo. */
export function parseFaults(raw: string | null): Partial<MockFaults> {
  if (!raw) return {}
  try {
    return sanitizeFaults(JSON.parse(raw) as unknown)
  } catch {
    return {}
  }
}
