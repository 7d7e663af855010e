import type { AgentVersion } from './agent-types'

export type DefaultEnvironmentChange = {
  version: number
  changedAt: number
  changedBy: string | null
  from: string | null
  to: string | null
}

/**
 * The versions that changed `defaultEnvironmentId`, newest first, found by comparing each stored
 * version with the one before it (a first version that sets a default counts as a change from
 * none). Versions missing from the list are skipped over, so a gap compares across it.
 */
export function defaultEnvironmentChanges(versions: readonly AgentVersion[]): DefaultEnvironmentChange[] {
  const ordered = [...versions].sort((a, b) => a.version - b.version)
  const changes: DefaultEnvironmentChange[] = []
  let previous: string | null = null
  for (const entry of ordered) {
    const current = entry.snapshot.defaultEnvironmentId || null
    if (current !== previous) {
      changes.push({
        version: entry.version,
        changedAt: entry.createdAt,
        changedBy: entry.snapshot.updatedBy ?? null,
        from: previous,
        to: current,
      })
    }
    previous = current
  }
  return changes.reverse()
}
