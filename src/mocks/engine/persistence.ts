import type { MockBackend } from '../lib/backend'
import type { MockDb, SessionRecord } from '../db/types'
import type { Cancel, Scheduler } from './scheduler'

/**
 * The browser demo's state across reloads: the whole MockDb, saved (debounced) after changes and
 * laid over the fresh seed on start. Environment keys are only ever hashes in the db, and revoked
 * tokens only fingerprints, so nothing secret is written. Large seeded sessions that nobody touched
 * are not stored; the seed regenerates them.
 */
export const SNAPSHOT_VERSION = 1

/** A seeded session with at least this many events is regenerated rather than stored while unchanged. */
const REGENERATE_FROM_EVENTS = 1000

export type DemoSnapshot = {
  version: number
  savedAt: number
  db: MockDb
  /** Sessions left out of `db` because the seed writes them exactly so again. */
  regenerated: string[]
}

export type SnapshotStore = {
  load: () => Promise<DemoSnapshot | null>
  save: (snapshot: DemoSnapshot) => Promise<void>
  clear: () => Promise<void>
}

/** Large seeded sessions and their log heads, taken right after seeding. */
export function seededHeads(db: MockDb): Map<string, number> {
  const heads = new Map<string, number>()
  for (const [id, record] of db.sessions) {
    if (record.events.length >= REGENERATE_FROM_EVENTS) heads.set(id, record.nextSeq)
  }
  return heads
}

export function toSnapshot(db: MockDb, heads: ReadonlyMap<string, number>, savedAt: number): DemoSnapshot {
  const sessions = new Map<string, SessionRecord>()
  const regenerated: string[] = []
  for (const [id, record] of db.sessions) {
    // A budget written on it (PUT {S}/budget) changes no log head, but the session is not untouched.
    if (heads.get(id) === record.nextSeq && record.budget === undefined) regenerated.push(id)
    else sessions.set(id, record)
  }
  return { version: SNAPSHOT_VERSION, savedAt, db: { ...db, sessions }, regenerated }
}

/** Lays a saved state over the freshly seeded db; false when there was nothing usable to restore. */
export function restoreSnapshot(backend: MockBackend, snapshot: DemoSnapshot | null): boolean {
  if (!snapshot || snapshot.version !== SNAPSHOT_VERSION) return false
  const seeded = backend.db.sessions
  const sessions = new Map(snapshot.db.sessions)
  for (const id of snapshot.regenerated) {
    const record = seeded.get(id)
    if (record) sessions.set(id, record)
  }
  // Same db object: the handlers hold it.
  Object.assign(backend.db, { ...snapshot.db, sessions })
  return true
}

/** A store in memory, for tests (structured clone, as IndexedDB stores values). */
export function createMemoryStore(): SnapshotStore & { saves: number } {
  let value: DemoSnapshot | null = null
  const store = {
    saves: 0,
    load: () => Promise.resolve(value && structuredClone(value)),
    save: (snapshot: DemoSnapshot) => {
      value = structuredClone(snapshot)
      store.saves += 1
      return Promise.resolve()
    },
    clear: () => {
      value = null
      return Promise.resolve()
    },
  }
  return store
}

function request<T>(open: () => IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = open()
    req.onsuccess = () => resolve(req.result)
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'))
  })
}

/** IndexedDB, one record under one key; Maps and Sets are stored as they are (structured clone). */
export function createIndexedDbStore(name = 'asc-mock-demo', storeName = 'state'): SnapshotStore {
  let database: Promise<IDBDatabase> | null = null
  const open = () =>
    (database ??= new Promise((resolve, reject) => {
      const req = indexedDB.open(name, 1)
      req.onupgradeneeded = () => req.result.createObjectStore(storeName)
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error ?? new Error('IndexedDB open failed'))
    }))
  const objectStore = async (mode: IDBTransactionMode) =>
    (await open()).transaction(storeName, mode).objectStore(storeName)
  return {
    load: async () => {
      const store = await objectStore('readonly')
      const value = await request(() => store.get('snapshot') as IDBRequest<DemoSnapshot | undefined>)
      return value ?? null
    },
    save: async (snapshot) => {
      const store = await objectStore('readwrite')
      await request(() => store.put(snapshot, 'snapshot'))
    },
    clear: async () => {
      const store = await objectStore('readwrite')
      await request(() => store.delete('snapshot'))
    },
  }
}

export type Autosave = {
  /** Something changed: save within `debounceMs` (several changes make one save). */
  markDirty: () => void
  /**
   * A user's change has landed (a mutating API call): save it now, before it is answered, so a
   * reload or another tab taking over right after the answer finds it.
   */
  saveNow: () => Promise<void>
  /** Saves now if anything changed (page hide). */
  flush: () => Promise<void>
  /** Restores the saved state over the seeded db; true when there was one. */
  restore: () => Promise<boolean>
  /** Forgets the saved state (reset); the large-session heads are taken again from the new seed. */
  clear: () => Promise<void>
}

/**
 * Debounced saving. Errors (private browsing, quota) are swallowed: the demo keeps working, it only
 * forgets its state on reload.
 */
export function createAutosave(
  backend: MockBackend,
  store: SnapshotStore,
  scheduler: Scheduler,
  debounceMs = 1_000,
): Autosave {
  let heads = seededHeads(backend.db)
  let isDirty = false
  let pending: Cancel | null = null

  const flush = async () => {
    pending?.()
    pending = null
    if (!isDirty) return
    isDirty = false
    try {
      await store.save(toSnapshot(backend.db, heads, backend.clock.now()))
    } catch {
      // Storage unavailable: nothing to do but keep running from memory.
    }
  }

  return {
    markDirty: () => {
      isDirty = true
      pending ??= scheduler.schedule(debounceMs, flush)
    },
    saveNow: () => {
      isDirty = true
      return flush()
    },
    flush,
    restore: async () => {
      try {
        return restoreSnapshot(backend, await store.load())
      } catch {
        return false
      }
    },
    clear: async () => {
      pending?.()
      pending = null
      isDirty = false
      heads = seededHeads(backend.db)
      try {
        await store.clear()
      } catch {
        // As above: nothing saved, nothing to forget.
      }
    },
  }
}
