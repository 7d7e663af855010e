import type { AgentDefinition } from './agent-types'

export type DefinitionFieldChange = { field: string; before: unknown; after: unknown }

/** Bookkeeping that changes on every save; the diff is about what the agent does. */
const IGNORED_FIELDS: ReadonlySet<string> = new Set(['version', 'updatedAt', 'updatedBy'])

/** The order a person reads a definition in; unknown fields follow alphabetically. */
const FIELD_ORDER = [
  'name',
  'description',
  'system',
  'model',
  'maxIters',
  'workspaceId',
  'workspaceBinding',
  'workspacePath',
  'tools',
  'mcpServers',
  'skills',
  'multiagent',
  'defaultEnvironmentId',
  'defaultMemoryStoreIds',
  'defaultVaultIds',
]

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` compare equal; absent equals null. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) => {
    if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return inner
    return Object.fromEntries(
      Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
    )
  })
}

function rank(field: string): number {
  const index = FIELD_ORDER.indexOf(field)
  return index === -1 ? FIELD_ORDER.length : index
}

/** Field-level differences between two versions of a definition, in reading order. */
export function diffDefinitions(before: AgentDefinition, after: AgentDefinition): DefinitionFieldChange[] {
  const fields = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...fields]
    .filter((field) => !IGNORED_FIELDS.has(field))
    .filter((field) => canonical(before[field]) !== canonical(after[field]))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null }))
}
