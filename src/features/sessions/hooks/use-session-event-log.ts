import { useState } from 'react'
import { arrivedFirstHistoryPage } from '@/data/sessions/event-page'
import type { SessionRouteLike } from '@/data/sessions/session-route'
import { useEventHistory } from './use-event-history'
import { useLiveFollower } from './use-live-follower'
import { useRefreshOnEvents } from './use-refresh-on-events'
import { EventStore } from '../models/event-store'
import type { LiveStatus } from '../models/live-connection'

export type EventLogPhase = 'snapshot' | 'history' | 'live' | 'failed'

/**
 * The inspector's handle on the session's log. Screens read events from `store` with
 * `useEventLog(log.store, selector)`; the rest says where loading and the stream stand.
 */
export type SessionEventLog = {
  store: EventStore
  phase: EventLogPhase
  /** Why loading the history failed (phase `failed`). */
  error: unknown
  liveStatus: LiveStatus
  reconnectAttempt: number
  /** Why the stream is reconnecting or failed. */
  liveError: unknown
  pause: () => void
  resume: () => void
  /** Starts over: empties the log and loads it again (after a failure). */
  retry: () => void
}

/**
 * The session's event log for the inspector, composed of three parts: the history loader
 * (snapshot and pages up to the head), the live follower (the stream from there on) and the
 * refresh of server views when events that change them arrive. None of them sends anything but
 * reads.
 */
export function useSessionEventLog(
  route: SessionRouteLike,
  options: {
    follow?: boolean
    prefetchSnapshot?: boolean
    /** Events in the first page (the rest come a full page at a time); see the sub-agent lanes. */
    firstPage?: number
    /** The pages after the first wait for an idle moment (see useEventHistory). */
    deferRest?: boolean
  } = {},
): SessionEventLog {
  const { follow = true, prefetchSnapshot = true, firstPage, deferRest } = options
  // Opened at start-up, the log's first page has usually arrived while the page's code was still
  // downloading: the log starts with it, so the first render already shows rows. The history
  // loader then takes that page, finds its events applied and goes on from its cursor.
  const [store] = useState(() => {
    const log = new EventStore()
    const arrived = arrivedFirstHistoryPage(route)
    if (arrived) log.applyPage(arrived.events)
    return log
  })
  const history = useEventHistory(route, store, { prefetchSnapshot, firstPage, deferRest })
  const isReady = history.phase === 'ready'
  // A finished child's log is complete: it is read once and not followed (see subagent lanes).
  const live = useLiveFollower(route, store, isReady && follow, history.reloadSnapshot)
  useRefreshOnEvents(route, store, isReady)
  return {
    store,
    phase: history.phase === 'ready' ? 'live' : history.phase,
    error: history.error,
    liveStatus: live.status,
    reconnectAttempt: live.attempt,
    liveError: live.error,
    pause: live.pause,
    resume: live.resume,
    retry: history.retry,
  }
}
