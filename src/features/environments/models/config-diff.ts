import { isRecord } from '@/lib/read-fields'

export type ConfigChange = {
  /** Dotted path of the changed key, e.g. `network.egress`. */
  path: string
  /** The key's own name, for deciding whether the value is a secret. */
  key: string
  change: 'added' | 'removed' | 'changed'
  before?: unknown
  after?: unknown
}

/**
 * What saving would change, key by key. Objects are compared key by key, everything else
 * (arrays included) as a whole value, so a reordered list shows as one change.
 */
export function diffConfig(before: unknown, after: unknown, prefix = ''): ConfigChange[] {
  if (!isRecord(before) || !isRecord(after)) return []
  const changes: ConfigChange[] = []
  const keys = [...Object.keys(before), ...Object.keys(after).filter((key) => !Object.hasOwn(before, key))]
  for (const key of keys) {
    const path = prefix ? `${prefix}.${key}` : key
    const hasBefore = Object.hasOwn(before, key)
    const hasAfter = Object.hasOwn(after, key)
    if (!hasAfter) changes.push({ path, key, change: 'removed', before: before[key] })
    else if (!hasBefore) changes.push({ path, key, change: 'added', after: after[key] })
    else if (isRecord(before[key]) && isRecord(after[key]))
      changes.push(...diffConfig(before[key], after[key], path))
    else if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changes.push({ path, key, change: 'changed', before: before[key], after: after[key] })
  }
  return changes
}
