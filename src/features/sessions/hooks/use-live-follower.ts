import { useCallback, useEffect, useRef, useState } from 'react'
import { isCursorRefused, openEventStream } from '@/data/sessions/event-stream'
import { toRoute, type SessionRouteLike } from '@/data/sessions/session-route'
import type { EventStore } from '../models/event-store'
import { LiveConnection, type LiveStatus, type LiveStatusDetail } from '../models/live-connection'

export type LiveFollower = {
  status: LiveStatus
  /** The reconnect attempt (0-based) while reconnecting; how many reloads were tried when failed. */
  attempt: number
  /** Why it is reconnecting or failed. */
  error: unknown
  pause: () => void
  resume: () => void
}

/**
 * Follows the live stream once the history is loaded (`isReady`), from the last applied event.
 * Reconnects, refused cursors and dedupe live in LiveConnection and EventStore; this hook starts
 * and stops it with the screen and reports its state.
 */
export function useLiveFollower(
  route: SessionRouteLike,
  store: EventStore,
  isReady: boolean,
  reloadSnapshot: (signal: AbortSignal) => Promise<string | null>,
): LiveFollower {
  const { sessionId, childId } = toRoute(route)
  const [status, setStatus] = useState<LiveStatus>('connecting')
  const [detail, setDetail] = useState<LiveStatusDetail>({ attempt: 0 })
  const connectionRef = useRef<LiveConnection | null>(null)

  useEffect(() => {
    if (!isReady) return
    const connection = new LiveConnection({
      store,
      openStream: (after, signal, onOpen) => openEventStream({ sessionId, childId }, after, signal, onOpen),
      reloadSnapshot,
      isCursorRefused,
      onStatus: (next, nextDetail) => {
        setStatus(next)
        setDetail(nextDetail ?? { attempt: 0 })
      },
    })
    connectionRef.current = connection
    connection.start(store.cursor)
    return () => {
      connection.close()
      connectionRef.current = null
    }
  }, [isReady, reloadSnapshot, sessionId, childId, store])

  const pause = useCallback(() => connectionRef.current?.pause(), [])
  const resume = useCallback(() => connectionRef.current?.start(store.cursor), [store])
  return { status, attempt: detail.attempt, error: detail.error ?? null, pause, resume }
}
