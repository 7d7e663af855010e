import type { components } from '@/api/schema.gen'
import { createEmptyDb, type MockDb, type SessionRecord } from './db/types'
import { createRandom, systemClock, type Clock, type Random } from './lib/clock'
import { createIdFactory, type IdFactory } from './lib/ids'

export type MockOptions = {
  /** Deployment policy: BUILDER_ALLOW_LOCAL_ENVIRONMENT (creating a local environment → 403 when false). */
  allowLocalEnvironments: boolean
  /** Added to every answer in the browser demo so loading states are visible; 0 in tests. */
  latencyMs: number
  /** Comment heartbeat interval on event streams (upstream: 15 s). */
  streamHeartbeatMs: number
  /** A worker whose last heartbeat is older than this loses its lease (item back to `queued`). */
  leaseTimeoutMs: number
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

export type MockFaults = {
  overrides: ResponseOverride[]
}

/** Everything a handler needs: the state, time, randomness, the deployment's options and faults. */
export type MockBackend = {
  db: MockDb
  clock: Clock
  random: Random
  ids: IdFactory
  options: MockOptions
  faults: MockFaults
  /**
   * Where the execution engine plugs in: called right after a turn (re)enters `queued` (created,
   * resumed, or its required actions answered). The engine starts the run from here; without an
   * engine, turns simply stay queued.
   */
  onTurnQueued?: (queued: TurnQueued) => void
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
  const random = createRandom(init.seed ?? 20261129)
  return {
    db: init.db ?? createEmptyDb(),
    clock: init.clock ?? systemClock,
    random,
    ids: createIdFactory(random),
    options: { ...defaultMockOptions, ...init.options },
    faults: { overrides: [], ...init.faults },
  }
}

export function findOverride(faults: MockFaults, request: Request): ResponseOverride | undefined {
  const path = new URL(request.url).pathname
  return faults.overrides.find(
    (override) =>
      (!override.method || override.method.toUpperCase() === request.method) &&
      (override.path.endsWith('*') ? path.startsWith(override.path.slice(0, -1)) : path === override.path),
  )
}

/** Reads test-supplied faults; anything malformed is ignored rather than breaking the demo. */
export function parseFaults(raw: string | null): Partial<MockFaults> {
  if (!raw) return {}
  try {
    const value = JSON.parse(raw) as { overrides?: unknown }
    if (!Array.isArray(value.overrides)) return {}
    const overrides = value.overrides.filter(
      (item): item is ResponseOverride =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as ResponseOverride).path === 'string' &&
        typeof (item as ResponseOverride).status === 'number' &&
        typeof (item as ResponseOverride).body === 'string',
    )
    return { overrides }
  } catch {
    return {}
  }
}
