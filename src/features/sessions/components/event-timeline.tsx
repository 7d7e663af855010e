import { useVirtualizer } from '@tanstack/react-virtual'
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
} from 'react'
import { EventRow } from './event-row'
import { selectVersion, useEventLog } from '../hooks/use-event-log'
import { drawnRows, useRovingRow } from '../hooks/use-roving-row'
import type { EventStore } from '../models/event-store'
import type { TimelineBuilder } from '../models/timeline-builder'
import { useT } from '@/i18n'
import { afterNextPaint } from '@/lib/after-next-paint'
import { useListStart } from '@/lib/scroll-box-rect'

const EVENT_ROW_HEIGHT = 30
const HEADER_ROW_HEIGHT = 34
const PAGE_ROWS = 10

/**
 * Scrolls the page's own scroll box (never the window) just enough to show `element` and
 * `margin` pixels around it (a permalink's neighbours are its context).
 */
function revealInMain(element: Element, margin = 0) {
  const main = element.closest('main')
  if (!main) return
  const box = main.getBoundingClientRect()
  const rect = element.getBoundingClientRect()
  const top = rect.top - margin
  const bottom = rect.bottom + margin
  if (top < box.top) main.scrollTop -= box.top - top
  else if (bottom > box.bottom) main.scrollTop += Math.min(bottom - box.bottom, top - box.top)
}

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
 *
 * It is one Tab stop with a roving focus: the active row's control is the only tabbable one, the
 * arrow keys, Home/End and Page Up/Down move it, and the virtualiser always renders the active
 * row, so scrolling it out of view or live rows arriving never remove the focused element.
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
  const selectedRow = selectedId === null ? undefined : builder.rowOfEvent.get(selectedId)
  // The row that must stay rendered: the one focus is on or was last on, else the selection.
  const { keptRow, rangeExtractor, wantsFocusAt, activate, requestFocus } = useRovingRow(
    builder.rows,
    selectedRow ?? null,
  )
  // Stable across renders: the virtualizer rebuilds its measurements of every row (100,000 of them)
  // whenever `getItemKey` changes identity, which would cost a long task per scrolled frame.
  const estimateSize = useCallback(
    (index: number) => (builder.rows[index]?.kind === 'event' ? EVENT_ROW_HEIGHT : HEADER_ROW_HEIGHT),
    [builder],
  )
  const getItemKey = useCallback((index: number) => builder.rows[index]?.key ?? index, [builder])
  // Its first render fills the box it will have (`h-[60vh] min-h-80` below), with no layout read; following
  // the newest row, it starts at the end (rows have fixed heights, so that place is exact).
  const listStart = useListStart(
    0.6,
    320,
    () => isFollowing,
    () => virtualizer.getTotalSize(),
  )
  // The console does not use the React Compiler; the virtualizer re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    rangeExtractor,
    ...listStart,
    overscan: 8,
  })
  // With nothing chosen yet, Tab enters at the first row in view.
  const { items: virtualItems, tabStop } = drawnRows(virtualizer, keptRow, rowCount)

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
    // Once the row is rendered, make sure the page shows it too (the timeline may be below the
    // fold), scrolling the console's main area only: never the window, which would slide the
    // header out of sight.
    return afterNextPaint(() => {
      const element = scrollRef.current?.querySelector(`[data-index="${scrollToRow}"]`)
      // Two rows either side in view too, so the event is seen with what led to it and followed.
      if (element) revealInMain(element, 2.5 * element.getBoundingClientRect().height)
    })
  }, [scrollRequest, scrollToRow])

  const rowControl = (index: number) =>
    scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] [data-row-focus]`) ?? null

  // Whether focus belongs in the timeline: set when it enters, cleared only when the user moves
  // it elsewhere (not when the focused row was removed under it).
  const hasFocus = useRef(false)
  const focusRow = (index: number) => {
    if (requestFocus(index)) virtualizer.scrollToIndex(index, { align: 'auto' })
  }
  // The selection moves with j/k, "next error" and permalinks: the Tab stop follows it.
  useEffect(() => {
    if (selectedRow === undefined || !activate(selectedRow)) return
    // Only while focus is still in the timeline (or fell to the page): a Tab that left it just
    // before this selection rendered must not be pulled back.
    const activeElement = document.activeElement
    const isInside = activeElement !== null && scrollRef.current?.contains(activeElement) === true
    const isLost = activeElement === null || activeElement === document.body
    if (hasFocus.current && (isInside || isLost)) wantsFocusAt.current = selectedRow
  }, [activate, selectedRow, wantsFocusAt])
  // After every render: move focus where a key asked, or put it back on the Tab stop if the
  // focused row just left the DOM (a filter, a collapse) and focus fell to the page.
  useLayoutEffect(() => {
    const wanted = wantsFocusAt.current
    const active = document.activeElement
    const isLost = active === null || active === document.body
    const fellOff = hasFocus.current && isLost
    if (wanted === null && !fellOff) return
    // A move asked for while focus was in the timeline (a key, the selection that followed it) is
    // void once the reader has put focus elsewhere: a request still pending when Tab left the list
    // would otherwise pull focus back at its next draw (a live event, a clock tick).
    if (!isLost && scrollRef.current?.contains(active) !== true) {
      wantsFocusAt.current = null
      return
    }
    const control = rowControl(wanted ?? tabStop)
    if (!control) return
    wantsFocusAt.current = null
    if (document.activeElement !== control) control.focus({ preventScroll: true })
    revealInMain(control)
  })

  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    hasFocus.current = true
    const index = Number(event.target.closest<HTMLElement>('[data-index]')?.dataset.index)
    if (Number.isInteger(index)) activate(index)
  }
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return
    const left = event.target
    // A focused row removed from the DOM also blurs; only a row still there was left on purpose.
    requestAnimationFrame(() => {
      if (left.isConnected) hasFocus.current = false
    })
  }
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || rowCount === 0) return
    const row = builder.rows[tabStop]
    let next: number
    switch (event.key) {
      case 'ArrowDown':
        next = tabStop + 1
        break
      case 'ArrowUp':
        next = tabStop - 1
        break
      case 'PageDown':
        next = tabStop + PAGE_ROWS
        break
      case 'PageUp':
        next = tabStop - PAGE_ROWS
        break
      case 'Home':
        next = 0
        break
      case 'End':
        next = rowCount - 1
        break
      case 'ArrowRight':
      case 'ArrowLeft': {
        // On a turn or tool header: expand or collapse it, as in a tree.
        if (!row || row.kind === 'event') return
        const isCollapsed = collapsed.has(row.groupKey)
        if (isCollapsed === (event.key === 'ArrowRight')) onToggle(row.groupKey)
        event.preventDefault()
        return
      }
      default:
        return
    }
    event.preventDefault()
    if (isFollowing) onStopFollowing()
    focusRow(Math.max(0, Math.min(rowCount - 1, next)))
  }

  return (
    <div
      ref={scrollRef}
      role="list"
      aria-label={t('sessions.row.sessionEvents')}
      aria-describedby="timeline-keys"
      // Not a Tab stop itself: the active row is. Focusable so a script can park focus here.
      tabIndex={-1}
      data-timeline=""
      onWheel={(event) => {
        if (event.deltaY < 0 && isFollowing) onStopFollowing()
      }}
      onFocus={handleFocus}
      onBlur={handleBlur}
      onKeyDown={handleKeyDown}
      // `contain: strict`: scrolling lays out and paints this box alone, never the page around it.
      className="h-[60vh] min-h-80 overflow-auto rounded-md border border-border bg-card [contain:strict] focus-visible:outline-2 focus-visible:outline-ring"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualItems.map((item) => {
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
              // The row's focus ring is drawn inside its control, so this containment never clips it.
              className="absolute top-0 left-0 w-full [contain:strict]"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              <EventRow
                row={row}
                event={event}
                builder={builder}
                isSelected={event !== undefined && event.id === selectedId}
                isCollapsed={row.kind !== 'event' && collapsed.has(row.groupKey)}
                isTabStop={item.index === tabStop}
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
