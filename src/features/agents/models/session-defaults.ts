import type { AgentDefinition, SessionDefaults } from './agent-types'

/** The session defaults as stored; a missing list is the same as an empty one. */
export function readSessionDefaults(definition: AgentDefinition): SessionDefaults {
  return {
    defaultEnvironmentId: definition.defaultEnvironmentId || null,
    defaultMemoryStoreIds: [...(definition.defaultMemoryStoreIds ?? [])],
    defaultVaultIds: [...(definition.defaultVaultIds ?? [])],
  }
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n')

/** Lists are complete sets of ids, so their order does not count as a change. */
export function isSameSessionDefaults(a: SessionDefaults, b: SessionDefaults): boolean {
  return (
    a.defaultEnvironmentId === b.defaultEnvironmentId &&
    sameIds(a.defaultMemoryStoreIds, b.defaultMemoryStoreIds) &&
    sameIds(a.defaultVaultIds, b.defaultVaultIds)
  )
}
