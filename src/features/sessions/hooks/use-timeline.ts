import { useMemo } from 'react'
import type { EventFilter } from '../models/event-filter'
import type { EventStore } from '../models/event-store'
import { TimelineBuilder } from '../models/timeline-builder'

function filterKey(filter: EventFilter): string {
  return JSON.stringify([[...(filter.categories ?? [])].sort(), filter.type, filter.query])
}

/**
 * The timeline rows for the current filter and collapsed groups. The builder is replaced only
 * when those change or the log is replaced; each new version of the log just extends it.
 */
export function useTimeline(
  store: EventStore,
  version: number,
  filter: EventFilter,
  collapsed: ReadonlySet<string>,
) {
  const key = filterKey(filter)
  const generation = store.generation
  // The key stands for the filter's content, so an equal filter from a new render keeps the builder.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const builder = useMemo(() => new TimelineBuilder(filter, collapsed), [key, collapsed, generation])
  const rowCount = useMemo(() => {
    const events = store.all()
    if (builder.canExtend(events)) builder.sync(events)
    return builder.rows.length
    // `version` is how the store says "more events": the memo must rerun when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [builder, store, version])
  return { builder, rowCount }
}
