import { useEffect, useRef, useState } from 'react'
import { useEventLog } from '../hooks/use-event-log'
import type { EventStore } from '../models/event-store'
import { t } from '@/i18n'

const INTERVAL_MS = 3000

const selectLiveArrivals = (store: EventStore) => store.liveArrivals

/**
 * Tells screen-reader users, politely and at most every few seconds, that events arrived:
 * "4 new events, latest tool.completed". Only live arrivals count, not the history load.
 */
export function LiveAnnouncer({ store }: { store: EventStore }) {
  const liveCount = useEventLog(store, selectLiveArrivals)
  const [message, setMessage] = useState('')
  const announced = useRef(0)
  const latestCount = useRef(liveCount)
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => {
    latestCount.current = liveCount
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
    <div role="status" aria-live="polite" className="sr-only" data-testid="event-announcer">
      {message}
    </div>
  )
}
