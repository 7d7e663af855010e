import type { components } from '@/api/schema.gen'
import type { TurnRunState } from './run-state'

type Schemas = components['schemas']

export type Role = 'admin' | 'developer' | 'viewer'

export type UserRecord = {
  userId: string
  username: string
  password: string
  roles: Role[]
  /** Namespaces the user holds a role in; the first is their default scope. */
  namespaces: string[]
}

/** Which namespace a resource belongs to, and whether viewers may inspect it. */
export type Scoped = {
  namespace: string
  /** Restricted resources are visible to developers and admins only (policy mode `restricted`). */
  isRestricted: boolean
}

export type EnvironmentRecord = Scoped & {
  environment: Schemas['Environment']
  /** SHA-256 hex of the current key: like the server, the mock never keeps the key itself. */
  keyHash: string
  keyIssuedAt: number
}

/**
 * A work item as the coordination store keeps it. `workId`/`leaseId` (both the id) and the poll's
 * staging metadata are added on the way out (lib/work-queue.ts), as upstream's WorkItem does.
 */
export type WorkItemRecord = {
  id: string
  sessionId: string
  environmentId: string
  ownerId: string
  status: Schemas['WorkItemStatus']
  claimedBy: string | null
  workDir: string | null
  createdAt: number
  updatedAt: number
}

/** One immutable definition snapshot, as upstream's agent_versions rows hold them. */
export type AgentVersionRecord = { version: number; snapshot: Schemas['AgentDefinition']; createdAt: number }

export type AgentRecord = Scoped & {
  /** The catalog entry (`GET /api/v1/agents`): it has no name and no default environment. */
  agent: Schemas['Agent']
  /** The managed definition: name, prompt, tools and the session defaults. */
  definition: Schemas['AgentDefinition']
  /** Newest first. */
  versions: AgentVersionRecord[]
}

export type SessionRecord = Scoped & {
  session: Schemas['Session']
  turns: Schemas['Turn'][]
  /** The durable event log, in cursor order. */
  events: Schemas['PublicEvent'][]
  /** Sequence number of the next event; cursors encode it. */
  nextSeq: number
  /** Events before this sequence have been compacted away: cursors pointing there answer 410. */
  retainedFromSeq: number
  actionCommands: Schemas['ActionCommand'][]
  pendingTools: Schemas['PendingTool'][]
  /**
   * Sequence of the session's internal event log (agent.tool_use, user.tool_result, …), which
   * the worker protocol's records carry as `seq`; it runs on its own, apart from the public log.
   */
  internalSeq?: number
  /**
   * The work item HandsLeaseService holds for the session (null: none; absent: a record from
   * before leases were kept). Set by a run's acquire, cleared by release.
   */
  handsLeaseId?: string | null
  /** The native journal behind trace and recovery (lib/native-journal.ts); absent until a run writes. */
  journal?: NativeFact[]
  /** The session's input inbox (steer and inject), in acceptance order (lib/session-inputs.ts). */
  inputs?: InputRecord[]
  /** A sub-agent's session: the session whose turn spawned it (its log holds `subagent.*`). */
  parentSessionId?: string
  /** The session tree's budget ledger (lib/session-budget.ts), on the tree's root; absent until written. */
  budget?: BudgetLedger
  /** A delegated child: the root session whose ledger its model calls reserve in. */
  budgetRootId?: string
}

/** SessionBudgetService's store item: the limits, one entry per model call, the item's version. */
export type BudgetLedger = { version: number; limits: BudgetLimits; calls: Record<string, BudgetCall> }

export type BudgetLimits = {
  max_model_calls?: number
  max_total_tokens?: number
  max_cost?: number
  currency?: string
}

/** One model call of the tree: reserved before it runs, settled with its usage after. */
export type BudgetCall = {
  model: string
  status: 'reserved' | 'completed' | 'failed' | 'unknown'
  session_id: string
  run_id?: string
  created_at?: number
  usage?: { inputTokens?: number; outputTokens?: number }
  usage_reported?: boolean
}

/** One accepted steer or inject command and its delivery state. */
export type InputRecord = {
  id: string
  kind: 'steer' | 'inject'
  /** The steered turn; null for an injected input. */
  turnId: string | null
  /** The user message blocks it carries. */
  content: Record<string, unknown>[]
  /** What the idempotency check compares (kind, turn, content), as canonical JSON. */
  fingerprint: string
  status: 'accepted' | 'applied' | 'rejected'
  reason?: string
}

export type IdempotencyRecord = { fingerprint: string; status: number; body: unknown }

export type MockDb = {
  users: Map<string, UserRecord>
  /** Fingerprints (lib/auth tokenFingerprint) of issued tokens that were signed out, never the tokens. */
  revokedTokens: Set<string>
  namespaces: Schemas['Namespace'][]
  environments: Map<string, EnvironmentRecord>
  workItems: Map<string, WorkItemRecord>
  /** workerId → time of its last poll, epoch ms (`/api/hands/status`); item heartbeats do not touch it. */
  workerHeartbeats: Map<string, number>
  /** workerId → environment it last authenticated for, and when (for "key rotated" diagnosis). */
  workerEnvironments: Map<string, { environmentId: string; lastSeenAt: number }>
  agents: Map<string, AgentRecord>
  memoryStores: Map<string, Scoped & { store: Schemas['MemoryStore'] }>
  vaults: Map<string, Scoped & { vault: Schemas['Vault'] }>
  sessions: Map<string, SessionRecord>
  /**
   * Sub-agent sessions, by id. Apart from `sessions`: upstream they are logs reached only through
   * a parent (`{S}/subagents/{child}/…`), never listed or opened as sessions of their own.
   */
  subagentSessions: Map<string, SessionRecord>
  /** `${scope}:${route}:${key}` → the first answer, for Idempotency-Key replays. */
  idempotency: Map<string, IdempotencyRecord>
  brainInstanceId: string
  /** The engine's turns in flight (engine/run-state.ts), kept here so they survive a demo reload. */
  turnRuns: Map<string, TurnRunState>
  /**
   * In-memory working files, by partition (engine/workspace-files.ts): one per environment and
   * isolation scope for tools the backend runs, one per virtual worker and work directory.
   */
  workspaces: Map<string, Map<string, string>>
}

export function createEmptyDb(): MockDb {
  return {
    users: new Map(),
    revokedTokens: new Set(),
    namespaces: [],
    environments: new Map(),
    workItems: new Map(),
    workerHeartbeats: new Map(),
    workerEnvironments: new Map(),
    agents: new Map(),
    memoryStores: new Map(),
    vaults: new Map(),
    sessions: new Map(),
    subagentSessions: new Map(),
    idempotency: new Map(),
    brainInstanceId: 'brain-mock-1',
    turnRuns: new Map(),
    workspaces: new Map(),
  }
}

/** One fact of a session's native journal (lib/native-journal.ts reads and writes them). */
export type NativeFact = {
  seq: number
  id: string
  type: string
  createdAt: number
  executionRunId: string | null
  turnId: string | null
  data: Record<string, unknown>
}
