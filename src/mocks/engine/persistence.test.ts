import { describe, expect, it } from 'vitest'
import { createMockBackend } from '../lib/backend'
import { tokenFingerprint } from '../lib/auth'
import { createManualClock } from '../lib/clock'
import { createTestBackend, TEST_NOW } from '../node'
import { seed } from '../seed'
import { SESSION } from '../seed/fixture-ids'
import { MORE_SESSIONS } from '../seed/seed-sessions'
import { installEngine } from './install-engine'
import {
  createAutosave,
  createMemoryStore,
  restoreSnapshot,
  SNAPSHOT_VERSION,
  type DemoSnapshot,
} from './persistence'
import { createManualScheduler } from './scheduler'

const LARGE = 1_200
const ORIGIN = 'http://localhost'

/** Everything in a snapshot as text, Maps and Sets included, to search it for secrets. */
function dump(snapshot: DemoSnapshot | null): string {
  return JSON.stringify(snapshot, (_key, value: unknown) =>
    value instanceof Map ? [...value] : value instanceof Set ? [...value] : value,
  )
}

async function seeded() {
  const clock = createManualClock(TEST_NOW)
  const backend = createMockBackend({ clock })
  await seed(backend, { largeSessionEvents: LARGE })
  return { backend, clock, scheduler: createManualScheduler(clock) }
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
}

describe('demo persistence', () => {
  it('saves once per burst of changes, after the debounce', async () => {
    const { backend, scheduler } = await seeded()
    const store = createMemoryStore()
    const autosave = createAutosave(backend, store, scheduler, 1_000)
    autosave.markDirty()
    await scheduler.advance(500)
    autosave.markDirty()
    expect(store.saves).toBe(0)
    await scheduler.advance(600)
    expect(store.saves).toBe(1)
    await scheduler.advance(5_000)
    expect(store.saves).toBe(1)
    await autosave.flush()
    expect(store.saves).toBe(1)
  })

  it('saves a user action at once, before it is answered, and the pending debounce adds no second save', async () => {
    const { backend, scheduler } = await seeded()
    const store = createMemoryStore()
    const autosave = createAutosave(backend, store, scheduler, 1_000)
    autosave.markDirty()
    await autosave.saveNow()
    expect(store.saves).toBe(1)
    await scheduler.advance(2_000)
    expect(store.saves).toBe(1)
  })

  it('restores the saved state over a fresh seed, regenerating untouched large sessions', async () => {
    const first = await seeded()
    const store = createMemoryStore()
    const autosave = createAutosave(first.backend, store, first.scheduler)
    first.backend.db.environments.delete('env_shareddocs001')
    first.backend.db.sessions.get(MORE_SESSIONS.fresh)!.session.externalKey = 'kept'
    autosave.markDirty()
    await autosave.flush()
    const saved = await store.load()
    expect(saved?.regenerated).toEqual([SESSION.largeHistory])
    expect(saved?.db.sessions.has(SESSION.largeHistory)).toBe(false)

    const second = await seeded()
    const again = createAutosave(second.backend, store, second.scheduler)
    expect(await again.restore()).toBe(true)
    expect(second.backend.db.environments.has('env_shareddocs001')).toBe(false)
    expect(second.backend.db.sessions.get(MORE_SESSIONS.fresh)?.session.externalKey).toBe('kept')
    expect(second.backend.db.sessions.get(SESSION.largeHistory)?.events.length).toBeGreaterThanOrEqual(LARGE)
    expect([...second.backend.db.sessions.keys()].sort()).toEqual(
      [...first.backend.db.sessions.keys()].sort(),
    )

    // A large session that changed is stored whole.
    const large = first.backend.db.sessions.get(SESSION.largeHistory)!
    large.nextSeq += 1
    autosave.markDirty()
    await autosave.flush()
    expect((await store.load())?.regenerated).toEqual([])
    large.nextSeq -= 1
    // So is one whose budget was written (no event, only its ledger).
    large.budget = { version: 1, limits: { max_model_calls: 3 }, calls: {} }
    autosave.markDirty()
    await autosave.flush()
    expect((await store.load())?.regenerated).toEqual([])

    expect(restoreSnapshot(second.backend, { ...(await store.load())!, version: SNAPSHOT_VERSION + 1 })).toBe(
      false,
    )
    await again.clear()
    expect(await store.load()).toBeNull()
  })

  it('never stores an environment key or a bearer token', async () => {
    const { backend, server } = await createTestBackend({}, { largeSessionEvents: LARGE })
    server.listen({ onUnhandledRequest: 'error' })
    try {
      const { token } = (await (
        await post('/api/auth/login', { username: 'alice', password: 'alice' })
      ).json()) as {
        token: string
      }
      const auth = { Authorization: `Bearer ${token}` }
      const created = (await (
        await post('/api/environments', { name: 'secret', type: 'self_hosted' }, auth)
      ).json()) as { id: string; apiKey: string }
      const rotated = (await (
        await fetch(`${ORIGIN}/api/environments/${created.id}/rotate-key`, {
          method: 'POST',
          headers: auth,
        })
      ).json()) as { apiKey: string }
      expect((await fetch(`${ORIGIN}/api/auth/logout`, { method: 'POST', headers: auth })).status).toBe(204)

      const store = createMemoryStore()
      const autosave = createAutosave(backend, store, createManualScheduler(createManualClock(TEST_NOW)))
      autosave.markDirty()
      await autosave.flush()
      const text = dump(await store.load())
      for (const secret of [created.apiKey, rotated.apiKey, token]) expect(text).not.toContain(secret)
      expect(text).not.toContain('ek_seed_')
      expect(backend.db.revokedTokens.has(tokenFingerprint(token))).toBe(true)
    } finally {
      server.close()
    }
  })

  it('picks a turn up where it was after a reload', async () => {
    const first = await createTestBackend({}, { largeSessionEvents: LARGE, engine: {} })
    first.server.listen({ onUnhandledRequest: 'error' })
    const store = createMemoryStore()
    const autosave = createAutosave(first.backend, store, createManualScheduler(first.clock))
    try {
      const { token } = (await (
        await post('/api/auth/login', { username: 'alice', password: 'alice' })
      ).json()) as {
        token: string
      }
      const turnResponse = await post(
        `/api/v1/agent-sessions/${MORE_SESSIONS.fresh}/turns`,
        { message: 'Write environment-check.txt and read it back.' },
        { Authorization: `Bearer ${token}`, 'Idempotency-Key': 'reload-1' },
      )
      const turn = (await turnResponse.json()) as { id: string }
      await first.scheduler?.advance(1_500)
      expect(first.backend.db.turnRuns.get(turn.id)?.phase).toBe('scheduled')
      autosave.markDirty()
      await autosave.flush()
      first.engine?.uninstall()
    } finally {
      first.server.close()
    }

    const second = await seeded()
    expect(await createAutosave(second.backend, store, second.scheduler).restore()).toBe(true)
    const engine = installEngine(second.backend, {
      scheduler: second.scheduler,
      reseed: (target) => seed(target),
    })
    await second.scheduler.advance(60_000)
    const record = second.backend.db.sessions.get(MORE_SESSIONS.fresh)
    expect(record?.turns.at(-1)?.status).toBe('completed')
    expect(record?.events.filter((event) => event.type === 'turn.completed')).toHaveLength(1)
    engine.uninstall()
  })
})
