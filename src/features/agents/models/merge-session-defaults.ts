import type { AgentDefinition, AgentDefinitionUpdate, SessionDefaults } from './agent-types'

/** Echoed by a GET but owned by the server; a PATCH ignores them, so they are not sent. */
const READ_ONLY_FIELDS: ReadonlySet<string> = new Set(['updatedAt', 'updatedBy', 'createdAt', 'createdBy'])

/**
 * The PATCH body for a session-defaults change. The server's PATCH is not a merge (an omitted
 * field may be cleared), so every writable field of the definition that was read goes back
 * unchanged, including fields this console does not know, with that read's `version`; only the
 * three defaults are replaced. `[]` clears a list and `null` clears the environment.
 */
export function mergeSessionDefaults(
  definition: AgentDefinition,
  defaults: SessionDefaults,
): AgentDefinitionUpdate {
  return {
    ...writableDefinition(definition),
    defaultEnvironmentId: defaults.defaultEnvironmentId,
    defaultMemoryStoreIds: [...defaults.defaultMemoryStoreIds],
    defaultVaultIds: [...defaults.defaultVaultIds],
  }
}

/**
 * Every writable field of a definition that was read, deep-copied (the body never shares arrays or
 * objects with the cached definition), with that read's `version`: the base of every PATCH.
 */
export function writableDefinition(definition: AgentDefinition): AgentDefinitionUpdate {
  const copy = structuredClone(definition)
  const kept: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(copy)) {
    if (!READ_ONLY_FIELDS.has(field) && value !== undefined) kept[field] = value
  }
  return { ...kept, version: copy.version, name: copy.name }
}
