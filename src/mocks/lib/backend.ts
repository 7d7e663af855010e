import type { components } from '@/api/schema.gen'
import { createEmptyDb, type MockDb, type SessionRecord } from '../db/types'
import { createRandom, systemClock, type Clock, type Random } from './clock'
import { createIdFactory, type IdFactory } from './ids'
import type { ApiVariant } from './api-variant'
import type { MockControls } from './control-types'
import { MOCK_PRICING, type PricingConfig } from './pricing'
import { matchesRoute, noFaults, type ErrorRate, type MockFaults } from './faults'

export type MockOptions = {
  /** Deployment policy: BUILDER_ALLOW_LOCAL_ENVIRONMENT (creating a local environment → 403 when false). */
  allowLocalEnvironments: boolean
  /** Added to every answer in the browser demo so loading states are visible; 0 in tests. */
  latencyMs: number
  /** Comment heartbeat interval on event streams (upstream: 15 s). */
  streamHeartbeatMs: number
  /**
   * A claimed item whose `updatedAt` (ack, heartbeat) is older than this is stale: the next poll
   * takes it over, straight to `starting` (upstream CoordinationStore.WORK_STALE_THRESHOLD, 60 s).
   */
  workStaleMs: number
  /** BUILDER_E2B_API_KEY: the mock deployment has none, so a sandbox needs `config.apiKey`. */
  hasDeploymentE2bKey: boolean
  /** Which upstream the mock answers like (lib/api-variant.ts); default `code`. */
  apiVariant: ApiVariant
  /** `builder.agent-api.trace-enabled` (default false): off, the trace routes answer 404. */
  traceEnabled: boolean
  /** `builder.agent-api.pricing.*`: the model rates budget cost limits are priced with (lib/session-budget.ts). */
  pricing: PricingConfig
}

/** Everything a handler needs: the state, time, randomness, the deployment's options and faults. */
export type MockBackend = {
  db: MockDb
  /** The mock's "now": the given clock plus `clockOffsetMs`. */
  clock: Clock
  /** Mock-only (`POST /__mock/clock`): moves the mock's time ahead, e.g. to make a busy worker's item stale. */
  clockOffsetMs: number
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
  workStaleMs: 60_000,
  hasDeploymentE2bKey: false,
  apiVariant: 'code',
  traceEnabled: false,
  pricing: MOCK_PRICING,
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
  const base = init.clock ?? systemClock
  const backend: MockBackend = {
    db: init.db ?? createEmptyDb(),
    injected: { errors: 0, lostAnswers: 0 },
    clock: { now: () => base.now() + backend.clockOffsetMs },
    clockOffsetMs: 0,
    random,
    seed,
    faultRandom: createRandom(seed ^ 0x5bd1e995),
    ids: createIdFactory(random),
    options: { ...defaultMockOptions, ...init.options },
    faults: { ...noFaults, ...init.faults },
  }
  return backend
}

/** Replaces the backend's random stream (and the ids drawn from it), e.g. `backend.seed` for a reset. */
export function reseedRandom(backend: MockBackend, seed: number): void {
  backend.random = createRandom(seed)
  backend.ids = createIdFactory(backend.random)
}

/** What the server says when a disabled local environment is created or bound. */
export const LOCAL_DISABLED_MESSAGE = 'local environments are disabled by deployment policy'

/** Deployment policy and the run-time fault together decide whether local environments may be used. */
export function isLocalAllowed(backend: MockBackend): boolean {
  return backend.options.allowLocalEnvironments && !backend.faults.localEnvironmentsDisabled
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
