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

export type WorkItemRecord = Schemas['WorkItem'] & {
  /** Lease deadline; a worker that misses it loses the item back to `queued`. */
  leaseExpiresAt: number | null
}

export type AgentRecord = Scoped & {
  agent: Schemas['Agent']
  definition: Schemas['AgentDefinition']
  versions: Schemas['AgentVersion'][]
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
}

export type IdempotencyRecord = { fingerprint: string; status: number; body: unknown }

export type MockDb = {
  users: Map<string, UserRecord>
  /** Fingerprints (lib/auth tokenFingerprint) of issued tokens that were signed out, never the tokens. */
  revokedTokens: Set<string>
  namespaces: Schemas['Namespace'][]
  environments: Map<string, EnvironmentRecord>
  workItems: Map<string, WorkItemRecord>
  /** workerId → last heartbeat or poll, epoch ms (as `/api/hands/status` reports). */
  workerHeartbeats: Map<string, number>
  /** workerId → environment it last authenticated for, and when (for "key rotated" diagnosis). */
  workerEnvironments: Map<string, { environmentId: string; lastSeenAt: number }>
  agents: Map<string, AgentRecord>
  memoryStores: Map<string, Scoped & { store: Schemas['MemoryStore'] }>
  vaults: Map<string, Scoped & { vault: Schemas['Vault'] }>
  sessions: Map<string, SessionRecord>
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
    idempotency: new Map(),
    brainInstanceId: 'brain-mock-1',
    turnRuns: new Map(),
    workspaces: new Map(),
  }
}
