import type { components } from '@/api/schema.gen'

type Schemas = components['schemas']

// What the console sends: the request bodies, as the contract types them.
export type SessionCreate = Schemas['SessionCreate']
export type ActionAnswer = Schemas['ActionAnswer']

/**
 * What the console reads, decoded from whatever the server sent (`decode-session.ts`): the
 * fields the console uses, each of its type or absent, so screens never re-check an answer.
 * Times are epoch milliseconds.
 */

/** Where a session's environment came from (api-notes: the agent default, the create, a PATCH). */
export type EnvironmentSource = 'agent_default' | 'explicit' | 'changed'

export type Session = {
  id: string
  agentId: string
  /** Server lifecycle status (active, running, idle, requires_action, terminated, archived…); not enumerated upstream. */
  status: string
  createdAt: number
  updatedAt: number
  ownerId?: string
  /** The owner, unless the agent belongs to someone else. */
  agentOwnerId?: string
  /** The frozen agent definition version. */
  agentVersion?: number | null
  /** `latest`, or `version` when the create pinned one. */
  agentRefType?: string
  /** The applied agent overrides, JSON-encoded; `""` when there are none. */
  agentOverridesJson?: string
  environmentId?: string
  externalKey?: string | null
  memoryStoreIds?: string[]
  vaultIds?: string[]
  resources?: Record<string, unknown>[]
  stopReason?: Record<string, unknown> | null
  archivedAt?: number | null
  /** Echoed by unified-API servers. */
  target?: Record<string, unknown>
  environmentSource?: EnvironmentSource
  /** When a PATCH last switched the environment. */
  environmentChangedAt?: number | null
  /** The time of the latest event in the session. */
  lastActivityAt?: number
}

export type TurnStatus =
  | 'queued'
  | 'running'
  | 'requires_action'
  | 'completed'
  | 'failed'
  | 'cancelled'
  | 'interrupted'
  | 'cancel_requested'

export type Turn = {
  id: string
  sessionId: string
  status: TurnStatus
  createdAt: number
  errorCode?: string | null
}

/** A durable event as the log and the stream carry it (public-event-v1). */
export type PublicEvent = {
  schema_version: 1
  id: string
  type: string
  session_id: string
  created_at: number
  /** Opaque resume position (also the SSE `id:`). */
  cursor: string
  data: Record<string, unknown>
}

/** One resource in a snapshot: an event-shaped envelope whose `data` is the resource. */
export type ResourceEnvelope = {
  type: string
  data: Record<string, unknown>
  id?: string
  session_id?: string
  created_at?: number
  cursor?: string
}

export type Usage = {
  scope: 'session_only' | 'session_tree'
  model_calls: number
  totals: Record<string, unknown>
  estimated_cost?: number
  currency?: string | null
  cost_complete?: boolean
  unpriced_calls?: number
}

/** A child (sub-agent) session's snapshot names its session by reference only. */
export type ChildSessionRef = { id: string; parent_session_id: string }

export type Snapshot = {
  session: Session | ChildSessionRef | null
  /** Watermark cursor: stream the events after it. */
  as_of: string
  usage: Usage
  items: ResourceEnvelope[]
  tools: ResourceEnvelope[]
  turns: ResourceEnvelope[]
  runs: ResourceEnvelope[]
  required_actions: ResourceEnvelope[]
  action_commands: ResourceEnvelope[]
  inputs: ResourceEnvelope[]
  artifacts: ResourceEnvelope[]
  subagents: ResourceEnvelope[]
  /** The answer as sent, for the raw view. */
  raw: Record<string, unknown>
}

export type EventPage = { events: PublicEvent[]; nextCursor: string | null; hasMore: boolean }
