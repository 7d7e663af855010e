/**
 * The mock's faults: what tests and the Demo panel can break on purpose, how a route rule
 * matches a request, and how an untrusted settings object is read. Pure (no backend state).
 */
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
  /**
   * The next tool call that runs inside the backend (sandbox, local, remote) dies right after its
   * `tool/dispatch`, as when a replica is lost mid-call: its outcome is unknown and the turn is
   * interrupted until an administrator reconciles it (one-shot). Self-hosted calls never are.
   */
  killRunMidTool: boolean
  /** Model calls report no usage (the provider left it out): budget token limits fail closed. */
  usageUnreported: boolean
  /** Every virtual worker is stopped: nobody polls. */
  workersOffline: boolean
  /** Deployment policy flipped at run time: creating or binding a local environment fails. */
  localEnvironmentsDisabled: boolean
  /** Sandbox turns fail as if neither the environment nor the deployment had an E2B key. */
  sandboxCredentialsMissing: boolean
  /**
   * Each tool a virtual worker runs takes this long; meanwhile it heartbeats its item and does
   * not poll, like the upstream worker on a long task (so `workerHeartbeats` grows old); 0 = instant.
   */
  slowToolMs: number
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
  killRunMidTool: false,
  usageUnreported: false,
  workersOffline: false,
  localEnvironmentsDisabled: false,
  sandboxCredentialsMissing: false,
  slowToolMs: 0,
}

export function matchesRoute(rule: { method?: string; path: string }, request: Request): boolean {
  const path = new URL(request.url).pathname
  return (
    (!rule.method || rule.method.toUpperCase() === request.method) &&
    (rule.path.endsWith('*') ? path.startsWith(rule.path.slice(0, -1)) : path === rule.path)
  )
}

export function findOverride(faults: MockFaults, request: Request): ResponseOverride | undefined {
  return faults.overrides.find((override) => matchesRoute(override, request))
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
    'slowToolMs',
  ] as const) {
    const number = raw[key]
    if (isNonNegative(number)) faults[key] = number
  }
  for (const key of [
    'killWorkerMidClaim',
    'killRunMidTool',
    'usageUnreported',
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
