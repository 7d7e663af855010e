import type { SessionRecord } from '../db/types'

/** Called after an event was appended to the session's log; it reads the log itself. */
export type SessionListener = () => void

/**
 * Per-session wake-ups for live event streams. Keyed by the record, not the session id, so two
 * backends with the same seeded ids (parallel tests, a reset demo) never hear each other, and a
 * deleted session's listeners go away with it.
 */
const listeners = new WeakMap<SessionRecord, Set<SessionListener>>()

export function subscribe(record: SessionRecord, listener: SessionListener): () => void {
  let set = listeners.get(record)
  if (!set) {
    set = new Set()
    listeners.set(record, set)
  }
  set.add(listener)
  return () => {
    set.delete(listener)
  }
}

export function notify(record: SessionRecord): void {
  const set = listeners.get(record)
  if (!set) return
  // Copy first: a listener may unsubscribe (or subscribe another) while being called.
  for (const listener of [...set]) listener()
}

/** How many streams follow the session; tests use it to check that closed streams clean up. */
export function listenerCount(record: SessionRecord): number {
  return listeners.get(record)?.size ?? 0
}
