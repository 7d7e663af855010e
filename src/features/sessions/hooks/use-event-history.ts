import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { fetchEventPage, FIRST_PAGE, HISTORY_PAGE, takeFirstHistoryPage } from '@/data/sessions/event-page'
import { isCursorRefused } from '@/data/sessions/event-stream'
import { snapshotQuery } from '@/data/sessions/queries'
import { toRoute, type SessionRouteLike } from '@/data/sessions/session-route'
import { whenIdle } from '@/lib/when-idle'
import type { EventStore } from '../models/event-store'
import { loadHistory, reloadFromSnapshot, type HistoryDeps } from '../models/history-loader'

/**
 * With `deferRest`, how long a page after the first waits at most for an idle moment. Fifty lanes
 * of a tree each read their child's whole log; asked for at once, those pages keep the server and
 * the main thread busy while the other lanes still wait for their first rows.
 */
const DEFERRED_PAGE_WAIT_MS = 1000

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

/** A log that starts with the page that arrived at start-up (see useSessionEventLog) shows rows. */
const startingPhase = (store: EventStore): HistoryPhase => (store.size > 0 ? 'history' : 'snapshot')

/**
 * Loads the session's log into the store: the event pages from the store's cursor to the head,
 * then the snapshot for the tab that shows it. The snapshot is asked for once the log is in, never
 * before or beside it: the server folds it from the whole log (10 MB and a few hundred ms on a
 * 100,000-event session), and a server that answers in order would make the rows wait for it. It
 * is a prefetch: a failed or cancelled snapshot is the snapshot tab's to report (that tab asks for
 * it itself when opened sooner), not the log's.
 */
export function useEventHistory(
  route: SessionRouteLike,
  store: EventStore,
  options: { prefetchSnapshot?: boolean; firstPage?: number; deferRest?: boolean } = {},
): EventHistory {
  const { prefetchSnapshot = true, firstPage = FIRST_PAGE, deferRest = false } = options
  // By value: a route object made in each render must not start the history again.
  const { sessionId, childId } = toRoute(route)
  const queryClient = useQueryClient()
  const [phase, setPhase] = useState<HistoryPhase>(() => startingPhase(store))
  const [error, setError] = useState<unknown>(null)
  const [attempt, setAttempt] = useState(0)

  const deps = useMemo<HistoryDeps>(
    () => ({
      store,
      // The first page may have left at start-up, before this screen's code was in (a child's
      // too, for a page opened on its waterfall: see prefetchSession). It answers the first
      // request, also in a log that already starts with it (useSessionEventLog): its events are
      // applied once, and it says whether more follow its cursor.
      fetchPage: async (after, signal) => {
        const early = takeFirstHistoryPage({ sessionId, childId })
        if (early) return early
        if (after === null) return fetchEventPage({ sessionId, childId }, null, firstPage, signal)
        if (deferRest) await whenIdle(signal, DEFERRED_PAGE_WAIT_MS)
        return fetchEventPage({ sessionId, childId }, after, HISTORY_PAGE, signal)
      },
      refetchSnapshot: async () => {
        const snapshot = snapshotQuery({ sessionId, childId })
        await queryClient.resetQueries({ queryKey: snapshot.queryKey })
        await queryClient.fetchQuery(snapshot)
      },
      isCursorRefused,
      onPage: () => setPhase((current) => (current === 'snapshot' ? 'history' : current)),
    }),
    [queryClient, sessionId, childId, store, firstPage, deferRest],
  )

  useEffect(() => {
    const abort = new AbortController()
    const { signal } = abort
    async function load() {
      setPhase(startingPhase(store))
      setError(null)
      try {
        await loadHistory(deps, signal)
        // After the log, never before or beside it (see above).
        if (signal.aborted) return
        if (prefetchSnapshot) void queryClient.prefetchQuery(snapshotQuery({ sessionId, childId }))
        setPhase('ready')
      } catch (caught) {
        if (signal.aborted) return
        setError(caught)
        setPhase('failed')
      }
    }
    void load()
    return () => abort.abort()
  }, [deps, queryClient, sessionId, childId, attempt, prefetchSnapshot, store])

  const retry = useCallback(() => {
    store.reset([], null)
    setAttempt((n) => n + 1)
  }, [store])
  const reloadSnapshot = useCallback((signal: AbortSignal) => reloadFromSnapshot(deps, signal), [deps])
  return { phase, error, retry, reloadSnapshot }
}
