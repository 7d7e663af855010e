import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { fetchEventPage, isCursorRefused } from '@/data/sessions/event-stream'
import { sessionKeys } from '@/data/sessions/keys'
import { snapshotQuery } from '@/data/sessions/queries'
import type { EventStore } from '../models/event-store'
import { loadHistory, reloadFromSnapshot, type HistoryDeps } from '../models/history-loader'

/** Events per history request: the server's maximum, so a 100,000-event log is 100 requests. */
const HISTORY_PAGE = 1000

/** snapshot: nothing shown yet; history: pages arriving; ready: up to the head; failed: see error. */
export type HistoryPhase = 'snapshot' | 'history' | 'ready' | 'failed'

export type EventHistory = {
  phase: HistoryPhase
  error: unknown
  /** Empties the log and loads it again from the start (after a failure). */
  retry: () => void
  /** For the live follower: reload the snapshot and the log, resolve to the head's cursor. */
  reloadSnapshot: (signal: AbortSignal) => Promise<string | null>
}

/**
 * Loads the session's log into the store: the snapshot (fetched alongside, for the tabs that show
 * it) and the event pages from the store's cursor to the head. The first page does not wait for
 * the snapshot, which the server folds from the whole log: rows show as soon as it arrives.
 */
export function useEventHistory(sessionId: string, store: EventStore): EventHistory {
  const queryClient = useQueryClient()
  const [phase, setPhase] = useState<HistoryPhase>('snapshot')
  const [error, setError] = useState<unknown>(null)
  const [attempt, setAttempt] = useState(0)

  const deps = useMemo<HistoryDeps>(
    () => ({
      store,
      fetchPage: (after, signal) => fetchEventPage(sessionId, after, HISTORY_PAGE, signal),
      refetchSnapshot: async () => {
        await queryClient.resetQueries({ queryKey: sessionKeys.snapshot(sessionId) })
        await queryClient.fetchQuery(snapshotQuery(sessionId))
      },
      isCursorRefused,
      onPage: () => setPhase((current) => (current === 'snapshot' ? 'history' : current)),
    }),
    [queryClient, sessionId, store],
  )

  useEffect(() => {
    const abort = new AbortController()
    const { signal } = abort
    async function load() {
      setPhase('snapshot')
      setError(null)
      try {
        const snapshot = queryClient.fetchQuery(snapshotQuery(sessionId)).then(() => deps.onPage?.())
        await Promise.all([loadHistory(deps, signal), snapshot])
        if (!signal.aborted) setPhase('ready')
      } catch (caught) {
        if (signal.aborted) return
        setError(caught)
        setPhase('failed')
      }
    }
    void load()
    return () => abort.abort()
  }, [deps, queryClient, sessionId, attempt])

  const retry = useCallback(() => {
    store.reset([], null)
    setAttempt((n) => n + 1)
  }, [store])
  const reloadSnapshot = useCallback((signal: AbortSignal) => reloadFromSnapshot(deps, signal), [deps])
  return { phase, error, retry, reloadSnapshot }
}
