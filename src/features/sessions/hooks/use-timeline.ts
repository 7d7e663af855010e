import { useCallback, useMemo } from 'react'
import { useEventLog } from './use-event-log'
import type { EventFilter } from '../models/event-filter'
import type { EventStore } from '../models/event-store'
import { TimelineBuilder } from '../models/timeline-builder'

/**
 * The timeline rows for the current filter and collapsed groups. The builder is replaced only
 * when those change; each new version of the log just extends it (or rebuilds it, when the log
 * was replaced). Pass a filter that keeps its identity while its content does (see
 * `eventFilterParams`).
 */
export function useTimeline(store: EventStore, filter: EventFilter, collapsed: ReadonlySet<string>) {
  const builder = useMemo(() => new TimelineBuilder(filter, collapsed), [filter, collapsed])
  const rowCount = useEventLog(
    store,
    useCallback((log: EventStore) => builder.sync(log.all()), [builder]),
  )
  return { builder, rowCount }
}
