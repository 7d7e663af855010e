import { useCallback, useRef, useSyncExternalStore } from 'react'
import type { EventStore } from '../models/event-store'

/**
 * Reads a value derived from the session's event log and re-renders when it changes. The log is
 * a mutable store (a 100,000-event session is not copied per live batch), so the selector runs
 * again only when the store's version moves or the selector itself changes; pass a module-level
 * function, or a `useCallback` over what it reads besides the log.
 */
export function useEventLog<T>(store: EventStore, select: (store: EventStore) => T): T {
  const cache = useRef<{ store: EventStore; version: number; select: (store: EventStore) => T; value: T }>(
    null,
  )
  const getSnapshot = useCallback(() => {
    const cached = cache.current
    if (cached?.store === store && cached.version === store.version && cached.select === select) {
      return cached.value
    }
    const value = select(store)
    cache.current = { store, version: store.version, select, value }
    return value
  }, [store, select])
  return useSyncExternalStore(store.subscribe, getSnapshot)
}

export const selectSize = (store: EventStore) => store.size
export const selectVersion = (store: EventStore) => store.version
