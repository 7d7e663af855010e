import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, type KeyboardEvent } from 'react'
import { TranscriptRowView, useTranscriptScope } from './transcript-rows'
import { drawnRows, useRovingRow } from '../hooks/use-roving-row'
import type { TranscriptBuilder, TranscriptRow } from '../models/transcript-builder'
import { transcriptEntryLabel } from '../models/transcript-entry-label'
import { useT } from '@/i18n'
import { afterNextPaint } from '@/lib/after-next-paint'
import { useListStart } from '@/lib/scroll-box-rect'

/** Size guesses per kind before a block is measured; close guesses keep the scrollbar steady. */
function estimate(row: TranscriptRow | undefined): number {
  switch (row?.kind) {
    case 'turn':
      return 44
    case 'message': {
      const lines = Math.ceil(row.message.text.length / 90) + row.message.text.split('\n').length
      return Math.min(640, 56 + lines * 20)
    }
    case 'tool':
      return 76
    case 'action':
      return row.action.status === 'created' ? 140 : 32
    case 'error':
      return 96
    default:
      return 28
  }
}

/** What an entry may hold that the Tab key stops at (its own tab stops are set aside meanwhile). */
const CONTROLS = 'a[href], button, input, select, textarea, summary, [tabindex]'
const TABBABLE = `:is(${CONTROLS}):not([tabindex="-1"]):not(:disabled)`

/**
 * Only the active entry's own controls stay in the Tab order; the others' are set aside (their
 * `tabindex` kept in `data-feed-tabindex`) and given back when their entry becomes the active
 * one. Whatever the entries hold (links in Markdown, a code block, an answer form), the feed is
 * one Tab stop.
 */
function keepOneTabStop(feed: HTMLElement, active: number) {
  for (const article of feed.querySelectorAll<HTMLElement>('article[data-index]')) {
    const isActive = Number(article.dataset.index) === active
    for (const control of article.querySelectorAll<HTMLElement>(CONTROLS)) {
      const saved = control.dataset.feedTabindex
      if (isActive && saved !== undefined) {
        if (saved === '') control.removeAttribute('tabindex')
        else control.setAttribute('tabindex', saved)
        delete control.dataset.feedTabindex
      } else if (!isActive && saved === undefined) {
        control.dataset.feedTabindex = control.getAttribute('tabindex') ?? ''
        control.setAttribute('tabindex', '-1')
      }
    }
  }
}

/** Ctrl+Home / Ctrl+End leave the feed: the nearest Tab stop before or after it on the page. */
function focusBeside(feed: HTMLElement, side: 'before' | 'after') {
  const stops = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => !feed.contains(element) && element.checkVisibility(),
  )
  const isAfter = (element: HTMLElement) =>
    (feed.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
  const target = side === 'after' ? stops.find(isAfter) : stops.findLast((element) => !isAfter(element))
  target?.focus()
}

function isTextField(target: EventTarget): boolean {
  return target instanceof HTMLElement && target.matches('input, textarea, select, [contenteditable="true"]')
}

type TranscriptListProps = {
  builder: TranscriptBuilder
  rowCount: number
  selectedKey: string | null
  expanded: ReadonlySet<string>
  /** Row to bring into view (a permalink, a waterfall click); a new `scrollRequest` re-triggers. */
  scrollToRow: number | null
  scrollRequest: number
  /** The requested row also takes focus (it was opened from a control that is gone now). */
  focusRequested: boolean
}

/**
 * The transcript, virtualised: only the blocks in view (plus a few) exist in the DOM, each
 * measured once it renders, so a session of 100,000 events scrolls like a short one. While the
 * view is at the bottom it stays there as the conversation grows.
 *
 * A feed (WAI-ARIA): each entry is a named article, and the feed is one Tab stop with a roving
 * focus, like the event log: Page Down / Page Up move to the next / previous entry, Tab goes into
 * the active entry's controls and then on past the feed, Ctrl+Home / Ctrl+End leave it. The
 * active entry is always rendered, so focus on it survives scrolling it far away.
 */
export function TranscriptList({
  builder,
  rowCount,
  selectedKey,
  expanded,
  scrollToRow,
  scrollRequest,
  focusRequested,
}: TranscriptListProps) {
  const { t } = useT('sessions:transcript')
  const scope = useTranscriptScope()
  const scrollRef = useRef<HTMLDivElement>(null)
  const isAtBottom = useRef(scrollToRow === null)
  const selectedRow = selectedKey === null ? -1 : builder.indexOf(selectedKey)
  // The entry that must stay rendered: the one focus is on or was last on, else the selection.
  const { keptRow, rangeExtractor, wantsFocusAt, activate, requestFocus } = useRovingRow(
    builder.rows,
    selectedRow >= 0 ? selectedRow : null,
  )
  // Stable across renders: a new function identity makes the virtualizer re-measure every row.
  const estimateSize = useCallback((index: number) => estimate(builder.rows[index]), [builder])
  const getItemKey = useCallback((index: number) => builder.rows[index]?.key ?? index, [builder])
  // Its first render fills the box it will have (`h-[70vh] min-h-96` below), with no layout read; following
  // the newest block, it starts at the end by the blocks' estimated sizes (measuring them corrects
  // the place), not at the first blocks, which the follow effect below would scroll away from.
  const listStart = useListStart(
    0.7,
    384,
    () => isAtBottom.current,
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
    overscan: 6,
  })
  // With nothing chosen yet, Tab enters at the first entry in view.
  const { items: virtualItems, tabStop } = drawnRows(virtualizer, keptRow, rowCount)

  // Following the newest block: again whenever blocks arrive or measuring them moves the end.
  const totalSize = virtualizer.getTotalSize()
  useEffect(() => {
    if (isAtBottom.current && rowCount > 0) virtualizer.scrollToIndex(rowCount - 1, { align: 'end' })
  }, [rowCount, totalSize, virtualizer])

  const focusEntry = (index: number) => {
    if (requestFocus(index)) virtualizer.scrollToIndex(index, { align: 'auto' })
  }
  // After every render: the Tab stop's controls in the Tab order, the others' out of it, and focus
  // moved where a key asked once that entry is rendered.
  const tabStopRef = useRef(tabStop)
  useLayoutEffect(() => {
    tabStopRef.current = tabStop
    const feed = scrollRef.current
    if (!feed) return
    keepOneTabStop(feed, tabStop)
    const wanted = wantsFocusAt.current
    const article =
      wanted === null ? null : feed.querySelector<HTMLElement>(`article[data-index="${wanted}"]`)
    if (!article) return
    wantsFocusAt.current = null
    article.focus({ preventScroll: true })
    article.scrollIntoView({ block: 'nearest' })
  })
  // Entries also change on their own (a card opened, Markdown streaming in): the same rule applies.
  useEffect(() => {
    const feed = scrollRef.current
    if (!feed) return
    const observer = new MutationObserver(() => keepOneTabStop(feed, tabStopRef.current))
    observer.observe(feed, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [])

  const scrollToRequested = useEffectEvent((row: number) => {
    if (row >= rowCount) return false
    isAtBottom.current = false
    virtualizer.scrollToIndex(row, { align: 'center' })
    return true
  })
  const focusRequestedEntry = useEffectEvent((row: number) => {
    if (focusRequested) focusEntry(row)
  })
  useEffect(() => {
    if (scrollToRow === null || !scrollToRequested(scrollToRow)) return
    // Once the block is rendered (and measured), make sure the page shows it too.
    return afterNextPaint(() => {
      virtualizer.scrollToIndex(scrollToRow, { align: 'center' })
      scrollRef.current?.querySelector(`[data-index="${scrollToRow}"]`)?.scrollIntoView({ block: 'nearest' })
      focusRequestedEntry(scrollToRow)
    })
  }, [scrollRequest, scrollToRow, virtualizer])

  const entryOf = (target: EventTarget): number | null => {
    const index = Number(
      target instanceof Element ? target.closest<HTMLElement>('article[data-index]')?.dataset.index : NaN,
    )
    return Number.isInteger(index) ? index : null
  }
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (['ArrowUp', 'PageUp', 'Home'].includes(event.key)) isAtBottom.current = false
    // Text fields (an answer to a required action) keep their own keys.
    if (event.altKey || event.metaKey || event.shiftKey || isTextField(event.target)) return
    if (event.ctrlKey) {
      if (event.key !== 'Home' && event.key !== 'End') return
      event.preventDefault()
      if (scrollRef.current) focusBeside(scrollRef.current, event.key === 'Home' ? 'before' : 'after')
      return
    }
    if (event.key !== 'PageDown' && event.key !== 'PageUp') return
    event.preventDefault()
    const from = entryOf(event.target) ?? tabStop
    focusEntry(Math.max(0, Math.min(rowCount - 1, from + (event.key === 'PageDown' ? 1 : -1))))
  }

  return (
    <div
      ref={scrollRef}
      role="feed"
      aria-label={t('sessions.transcript.label')}
      aria-busy={false}
      // Not a Tab stop itself: the active entry is.
      tabIndex={-1}
      data-testid="transcript"
      // Only the reader stops the following (scrolling up); the list's own scrolling to the end,
      // which measuring new blocks can leave short of it, does not. Reaching the end resumes it.
      onWheel={(event) => {
        if (event.deltaY < 0) isAtBottom.current = false
      }}
      onKeyDown={handleKeyDown}
      onFocus={(event) => {
        const index = entryOf(event.target)
        if (index !== null) activate(index)
      }}
      onPointerDown={() => {
        isAtBottom.current = false
      }}
      onScroll={(event) => {
        // From the virtualizer's own total, not scrollHeight: reading that would lay the list out
        // again on every scrolled frame.
        const box = event.currentTarget
        if (totalSize - box.scrollTop - box.clientHeight < 48) isAtBottom.current = true
      }}
      // `contain: strict`: scrolling lays out and paints this box alone, never the page around it.
      className="h-[70vh] min-h-96 overflow-auto rounded-md border border-border bg-background px-2 [contain:strict] focus-visible:outline-2 focus-visible:outline-ring"
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualItems.map((item) => {
          const row = builder.rows[item.index]
          if (!row) return null
          const label = transcriptEntryLabel(row, scope)
          return (
            <article
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-entry={row.key}
              data-row-kind={row.kind}
              aria-setsize={rowCount}
              aria-posinset={item.index + 1}
              aria-label={label}
              tabIndex={item.index === tabStop ? 0 : -1}
              // Each block lays out and paints on its own: a new block does not re-lay the others.
              // Its focus ring is drawn inside it, so that containment never clips it.
              className="absolute top-0 left-0 w-full rounded-lg [contain:layout_paint_style] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <TranscriptRowView
                row={row}
                rev={row.rev}
                label={label}
                isSelected={row.key === selectedKey}
                isExpanded={expanded.has(row.key)}
              />
            </article>
          )
        })}
      </div>
    </div>
  )
}
