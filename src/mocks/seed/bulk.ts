import type { MockBackend } from '../lib/backend'
import type { EnvironmentRecord } from '../db/types'
import { NS, TENANT } from './fixture-ids'

const TYPES = ['self_hosted', 'sandbox', 'remote'] as const

/**
 * `--bulk-environments N` (benchmarks): N extra environments with ids and names from their index
 * alone, so the seeded world and its ids stay as they are and every run sees the same list.
 */
export function seedBulkEnvironments(backend: MockBackend, count: number): void {
  const now = backend.clock.now()
  for (let index = 0; index < count; index += 1) {
    const id = `env_bulk${String(index).padStart(8, '0')}`
    const type = TYPES[index % TYPES.length] ?? 'remote'
    const config =
      type === 'self_hosted'
        ? { isolationScope: 'SESSION' }
        : type === 'sandbox'
          ? { templateId: 'base', workspaceRoot: '/home/user', isolationScope: 'AGENT' }
          : { isolationScope: 'GLOBAL' }
    const record: EnvironmentRecord = {
      namespace: NS.team,
      isRestricted: false,
      environment: {
        id,
        name: `bulk-${type.replace('_', '-')}-${index}`,
        type,
        config,
        ownerId: `namespace:${TENANT}:${NS.team}`,
        createdAt: now - (count - index) * 60_000,
        updatedAt: now - (count - index) * 30_000,
        archivedAt: null,
      },
      // Nobody holds a key for these: the hash of nothing matches no key.
      keyHash: '0'.repeat(64),
      keyIssuedAt: now - (count - index) * 60_000,
    }
    backend.db.environments.set(id, record)
  }
}
