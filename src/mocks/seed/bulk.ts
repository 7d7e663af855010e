import type { MockBackend } from '../backend'
import type { EnvironmentRecord, SessionRecord } from '../db/types'
import { NS, TENANT } from './fixture-ids'
import { appendEvent } from './session-history'

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

/**
 * Mock-only (benchmarks): appends `rate` events a second for `durationMs` to a session, each
 * stamped with the time it is sent, so a client can measure send → render delay. Resolves with
 * the ids sent and their times once the burst is over.
 */
export function burstEvents(
  record: SessionRecord,
  options: { rate: number; durationMs: number; now: () => number },
): Promise<{ id: string; createdAt: number }[]> {
  const { rate, durationMs, now } = options
  const total = Math.round((rate * durationMs) / 1000)
  const start = now()
  const sent: { id: string; createdAt: number }[] = []
  return new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((now() - start) * rate) / 1000) + 1)
      while (sent.length < due) {
        const position = sent.length
        const createdAt = now()
        const event = appendEvent(
          record,
          'item.delta',
          { position, content: [{ type: 'text', text: `burst ${position}` }] },
          createdAt,
        )
        sent.push({ id: event.id, createdAt })
      }
      if (sent.length >= total) resolve(sent)
      else setTimeout(tick, 5)
    }
    tick()
  })
}
