import type { components } from '@/api/schema.gen'

type Schemas = components['schemas']

/**
 * A catalog agent (`GET /api/v1/agents`) as the console models it. The catalog has no default
 * environment (api-notes C5): that lives in the agent's definition only.
 */
export type Agent = {
  id: string
  /** What to call it: `displayName`, else an older server's `name`, else `agentKey`, else the id. */
  name: string
  displayName: string | null
  agentKey: string | null
  description: string | null
  /** active, archived, provisioning, provisioning_failed; a value added later is kept as sent. */
  status: string
  tenant: string | null
  namespace: string | null
  /** Epoch ms; the catalog sends ISO-8601 strings, older servers epoch ms. */
  createdAt: number | null
  updatedAt: number | null
  archivedAt: number | null
}

/**
 * The managed definition, kept whole: a save is a read-modify-write that sends back every field,
 * including ones the console does not know (`id`, `scope`, `ownerId`… on upstream servers).
 */
export type AgentDefinition = Schemas['AgentDefinition']
export type AgentDefinitionUpdate = Schemas['AgentDefinitionUpdate']

/** `GET …/definition`. */
export type AgentDefinitionEnvelope = { agentId: string; definition: AgentDefinition }

/** `PATCH …/definition`: the saved definition, and the catalog agent when the server sends it. */
export type SavedDefinition = { definition: AgentDefinition; agent: Agent | null }

/** One stored version of the definition. */
export type AgentVersion = {
  version: number
  createdAt: number | null
  /** Older servers say who saved it; upstream does not. */
  createdBy: string | null
  summary: string | null
  /**
   * The definition as saved (`snapshot` upstream, `definition` on older servers); null when the
   * list left it out, and `…/versions/{version}` has to be read for it.
   */
  definition: AgentDefinition | null
}
