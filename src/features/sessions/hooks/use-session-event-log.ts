import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { fetchEventPage, isCursorExpired, openEventStream } from '@/data/sessions/event-stream'
import { sessionKeys } from '@/data/sessions/keys'
import { snapshotQuery } from '@/data/sessions/queries'
import { workKeys } from '@/data/work/keys'
import { EventStore } from '../models/event-store'
import { LiveConnection, type LiveStatus } from '../models/live-connection'

/** Events per history request: the server's maximum, so a 100,000-event log is 100 requests. */
const HISTORY_PAGE = 1000
/** Server views that change with the log; refreshed at most this often while events stream in. */
const REFRESH_THROTTLE_MS = 750

export type EventLogPhase = 'snapshot' | 'history' | 'live' | 'failed'

export type SessionEventLog = {
  store: EventStore
  version: number
  phase: EventLogPhase
  liveStatus: LiveStatus
  reconnectAttempt: number
  error: unknown
  /** Events that arrived over the live stream since the history was loaded (for announcements). */
  liveCount: number
  pause: () => void
  resume: () => void
  retry: () => void
}

const REFRESHING_FAMILIES = ['turn.', 'required_action.', 'session.status_', 'tool.completed', 'run.']

/**
 * The session's event log for the inspector: restores from `/snapshot` while it loads the history
 * up to and past its `as_of` page by page (first rows show after the first page), then follows the live
 * stream from the last applied event. Reconnects, 410 reloads and dedupe live in LiveConnection
 * and EventStore; this hook only wires them to the API and to react-query, and never sends
 * anything but reads.
 */
export function useSessionEventLog(sessionId: string): SessionEventLog {
  const queryClient = useQueryClient()
  const [store] = useState(() => new EventStore())
  const version = useSyncExternalStore(store.subscribe, store.getVersion)
  const [phase, setPhase] = useState<EventLogPhase>('snapshot')
  const [liveStatus, setLiveStatus] = useState<LiveStatus>('connecting')
  const [reconnectAttempt, setReconnectAttempt] = useState(0)
  const [error, setError] = useState<unknown>(null)
  const [attempt, setAttempt] = useState(0)
  const [liveCount, setLiveCount] = useState(0)
  const connectionRef = useRef<LiveConnection | null>(null)

  useEffect(() => {
    const abort = new AbortController()
    const { signal } = abort

    const loading = () => setPhase((current) => (current === 'snapshot' ? 'history' : current))
    const loadHistory = async () => {
      for (;;) {
        const page = await fetchEventPage(sessionId, store.cursor, HISTORY_PAGE, signal)
        store.applyPage(page.events)
        loading()
        if (!page.hasMore || page.events.length === 0 || signal.aborted) return
      }
    }
    const reloadSnapshot = async () => {
      await queryClient.resetQueries({ queryKey: sessionKeys.snapshot(sessionId) })
      const snapshot = await queryClient.fetchQuery(snapshotQuery(sessionId))
      store.reset([], null)
      await loadHistory()
      return store.cursor ?? snapshot.as_of
    }

    async function start() {
      try {
        setPhase('snapshot')
        setError(null)
        // The first page of history does not wait for the snapshot (the server folds the whole log
        // for it): rows show as soon as that page arrives, and the rest pages in behind them.
        const history = loadHistory()
        const snapshot = queryClient.fetchQuery(snapshotQuery(sessionId)).then(loading)
        await Promise.all([history, snapshot])
        if (signal.aborted) return
        setPhase('live')
        const connection = new LiveConnection({
          store,
          openStream: (after, streamSignal, onOpen) =>
            openEventStream(sessionId, after, streamSignal, onOpen),
          reloadSnapshot,
          isCursorExpired,
          onStatus: (status, detail) => {
            setLiveStatus(status)
            setReconnectAttempt(detail?.attempt ?? 0)
          },
        })
        connectionRef.current = connection
        connection.start(store.cursor)
      } catch (caught) {
        if (signal.aborted) return
        setError(caught)
        setPhase('failed')
      }
    }
    void start()
    return () => {
      abort.abort()
      connectionRef.current?.close()
      connectionRef.current = null
    }
  }, [queryClient, sessionId, store, attempt])

  // Turn status, work claims and the session's own status change with the log: refresh those
  // server views (throttled) when such events arrive, instead of patching caches by hand.
  const seenRef = useRef<{ size: number; timer: number | undefined }>({ size: 0, timer: undefined })
  useEffect(() => {
    const seen = seenRef.current
    const events = store.all()
    if (phase !== 'live') {
      seen.size = events.length
      return
    }
    const fresh = events.slice(seen.size)
    seen.size = events.length
    if (fresh.length === 0) return
    setLiveCount((count) => count + fresh.length)
    const isRelevant = fresh.some((event) =>
      REFRESHING_FAMILIES.some((prefix) => event.type.startsWith(prefix)),
    )
    if (!isRelevant || seen.timer !== undefined) return
    seen.timer = window.setTimeout(() => {
      seen.timer = undefined
      void queryClient.invalidateQueries({ queryKey: sessionKeys.turns(sessionId) })
      void queryClient.invalidateQueries({ queryKey: sessionKeys.detail(sessionId), exact: true })
      void queryClient.invalidateQueries({ queryKey: workKeys.all })
    }, REFRESH_THROTTLE_MS)
  }, [version, phase, queryClient, sessionId, store])
  useEffect(() => () => window.clearTimeout(seenRef.current.timer), [])

  const pause = useCallback(() => connectionRef.current?.pause(), [])
  const resume = useCallback(() => connectionRef.current?.start(store.cursor), [store])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])

  return { store, version, phase, liveStatus, reconnectAttempt, error, liveCount, pause, resume, retry }
}
