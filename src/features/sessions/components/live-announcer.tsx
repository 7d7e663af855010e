import { useEffect, useRef, useState } from 'react'
import { useEventLog } from '../hooks/use-event-log'
import type { EventStore } from '../models/event-store'
import { statusLabel } from '../models/status-label'
import { eventTurnId } from '@/data/sessions/event-data'
import { t } from '@/i18n'

const INTERVAL_MS = 3000

const selectLiveArrivals = (store: EventStore) => store.liveArrivals

/** The newest turn status among live events after `from` (index in the log), if any. */
function latestTurnStatus(store: EventStore, from: number): { turn: string; status: string } | null {
  for (let index = store.size - 1; index >= from; index -= 1) {
    const event = store.at(index)
    const turn = event ? eventTurnId(event) : null
    if (event && turn !== null && /^turn\.[a-z_]+$/.test(event.type))
      return { turn, status: event.type.slice('turn.'.length) }
  }
  return null
}

/**
 * Tells screen-reader users, politely, what the live stream brought: a turn's status as soon
 * as it changes ("Turn t_1: running."), and at most every few seconds how many events arrived
 * ("4 new events, latest tool.completed"). Only live arrivals count, not the history load. Both
 * regions are in the page from the start, so every change of their text is read.
 */
export function LiveAnnouncer({ store }: { store: EventStore }) {
  const liveCount = useEventLog(store, selectLiveArrivals)
  const [message, setMessage] = useState('')
  const [turnMessage, setTurnMessage] = useState('')
  const announced = useRef(0)
  const latestCount = useRef(liveCount)
  const timer = useRef<number | undefined>(undefined)
  // Live arrivals already looked at for turn statuses: history is never announced.
  const scanned = useRef(liveCount)
  useEffect(() => {
    latestCount.current = liveCount
    // Live events are appended to the log: the newest `arrived` of it came from the stream.
    const arrived = liveCount - scanned.current
    scanned.current = liveCount
    const turn = arrived > 0 ? latestTurnStatus(store, Math.max(0, store.size - arrived)) : null
    if (turn)
      setTurnMessage(
        t('sessions.announcer.turnStatus', { turn: turn.turn, status: statusLabel(turn.status) }),
      )
    // Throttled, not debounced: a steady stream still gets an update every few seconds.
    if (liveCount === announced.current || timer.current !== undefined) return
    timer.current = window.setTimeout(() => {
      timer.current = undefined
      const count = latestCount.current - announced.current
      announced.current = latestCount.current
      const latest = store.at(store.size - 1)
      setMessage(
        latest
          ? t('sessions.announcer.newEventsLatest', { count, type: latest.type })
          : t('sessions.announcer.newEvents', { count }),
      )
    }, INTERVAL_MS)
  }, [liveCount, store])
  useEffect(() => () => window.clearTimeout(timer.current), [])
  return (
    <>
      <div role="status" aria-live="polite" className="sr-only" data-testid="turn-announcer">
        {turnMessage}
      </div>
      <div role="status" aria-live="polite" className="sr-only" data-testid="event-announcer">
        {message}
      </div>
    </>
  )
}
