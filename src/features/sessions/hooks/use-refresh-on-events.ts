import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { refreshLiveSessionViews } from '@/data/sessions/refresh-live-views'
import { toRoute, type SessionRouteLike } from '@/data/sessions/session-route'
import type { EventStore } from '../models/event-store'

/** Server views that change with the log; refreshed at most this often while events stream in. */
const REFRESH_THROTTLE_MS = 750

const REFRESHING_FAMILIES = [
  'turn.',
  'required_action.',
  'session.status_',
  'tool.completed',
  'run.',
  'subagent.',
  'usage.',
]

/**
 * Turn status, work claims and the session's own status change with the log: while live, refresh
 * those server views (throttled) when such events arrive, instead of patching caches by hand. A
 * reloaded log (snapshot reload) may have moved anything, so it refreshes them too.
 */
export function useRefreshOnEvents(route: SessionRouteLike, store: EventStore, isLive: boolean) {
  const { sessionId, childId } = toRoute(route)
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!isLive) return
    let seen = store.size
    let generation = store.generation
    let timer: number | undefined
    const refreshSoon = () => {
      if (timer !== undefined) return
      timer = window.setTimeout(() => {
        timer = undefined
        refreshLiveSessionViews(queryClient, { sessionId, childId })
      }, REFRESH_THROTTLE_MS)
    }
    const unsubscribe = store.subscribe(() => {
      const from = store.generation === generation ? seen : store.size
      const wasReset = store.generation !== generation
      generation = store.generation
      seen = store.size
      if (wasReset) return refreshSoon()
      for (let index = from; index < store.size; index += 1) {
        const type = store.at(index)?.type ?? ''
        if (REFRESHING_FAMILIES.some((prefix) => type.startsWith(prefix))) return refreshSoon()
      }
    })
    return () => {
      unsubscribe()
      window.clearTimeout(timer)
    }
  }, [isLive, queryClient, sessionId, childId, store])
}
