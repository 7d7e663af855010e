import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useEffectEvent, useRef } from 'react'
import { EventRow } from './event-row'
import { selectVersion, useEventLog } from '../hooks/use-event-log'
import type { EventStore } from '../models/event-store'
import type { TimelineBuilder } from '../models/timeline-builder'
import { useT } from '@/i18n'

const EVENT_ROW_HEIGHT = 30
const HEADER_ROW_HEIGHT = 34

type EventTimelineProps = {
  store: EventStore
  builder: TimelineBuilder
  rowCount: number
  selectedId: string | null
  /** Row to bring into view (a permalink, j/k, jump to error); changes of `scrollRequest` re-trigger. */
  scrollToRow: number | null
  scrollRequest: number
  collapsed: ReadonlySet<string>
  isFollowing: boolean
  onStopFollowing: () => void
  onSelect: (eventId: string) => void
  onToggle: (groupKey: string) => void
}

/**
 * The virtualised timeline: only the rows in view (plus a few) exist in the DOM, whatever the
 * size of the log, so 100,000 events scroll like 100. Row heights are fixed per kind, so nothing
 * is measured while scrolling.
 */
export function EventTimeline({
  store,
  builder,
  rowCount,
  selectedId,
  scrollToRow,
  scrollRequest,
  collapsed,
  isFollowing,
  onStopFollowing,
  onSelect,
  onToggle,
}: EventTimelineProps) {
  const { t } = useT('sessions')
  const scrollRef = useRef<HTMLDivElement>(null)
  // Header rows show live summaries (status, counts) that change without new rows.
  const revision = useEventLog(store, selectVersion)
  // Stable across renders: the virtualizer rebuilds its measurements of every row (100,000 of them)
  // whenever `getItemKey` changes identity, which would cost a long task per scrolled frame.
  const estimateSize = useCallback(
    (index: number) => (builder.rows[index]?.kind === 'event' ? EVENT_ROW_HEIGHT : HEADER_ROW_HEIGHT),
    [builder],
  )
  const getItemKey = useCallback((index: number) => builder.rows[index]?.key ?? index, [builder])
  // The console does not use the React Compiler; the virtualizer re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 8,
  })

  useEffect(() => {
    if (isFollowing && rowCount > 0) virtualizer.scrollToIndex(rowCount - 1, { align: 'end' })
  }, [isFollowing, rowCount, virtualizer])

  // Reads the latest rows when called, without making new rows a reason to scroll.
  const scrollToRequested = useEffectEvent((row: number) => {
    if (row >= rowCount) return false
    virtualizer.scrollToIndex(row, { align: 'center' })
    return true
  })
  // Only an explicit request scrolls; new rows arriving must not yank the view back.
  useEffect(() => {
    if (scrollToRow === null || !scrollToRequested(scrollToRow)) return
    // Once the row is rendered, make sure the page shows it too (the timeline may be below the fold).
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        scrollRef.current?.querySelector(`[data-index="${scrollToRow}"]`)?.scrollIntoView({ block: 'center' })
      })
    })
    return () => cancelAnimationFrame(frame)
  }, [scrollRequest, scrollToRow])

  return (
    <div
      ref={scrollRef}
      role="list"
      aria-label={t('sessions.row.sessionEvents')}
      aria-describedby="timeline-keys"
      tabIndex={0}
      onWheel={(event) => {
        if (event.deltaY < 0 && isFollowing) onStopFollowing()
      }}
      // `contain: strict`: scrolling lays out and paints this box alone, never the page around it.
      className="h-[60vh] min-h-80 overflow-auto rounded-md border border-border bg-card [contain:strict] focus-visible:outline-2 focus-visible:outline-ring"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = builder.rows[item.index]
          if (!row) return null
          const event = row.kind === 'event' ? store.at(row.index) : undefined
          return (
            <div
              key={item.key}
              role="listitem"
              aria-setsize={rowCount}
              aria-posinset={item.index + 1}
              data-row-kind={row.kind}
              data-event-id={event?.id}
              data-index={item.index}
              className="absolute top-0 left-0 w-full [contain:strict]"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              <EventRow
                row={row}
                event={event}
                builder={builder}
                isSelected={event !== undefined && event.id === selectedId}
                isCollapsed={row.kind !== 'event' && collapsed.has(row.groupKey)}
                onSelect={onSelect}
                onToggle={onToggle}
                revision={row.kind === 'event' ? 0 : revision}
              />
            </div>
          )
        })}
      </div>
    </div>
  )
}
