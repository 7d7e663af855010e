import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useEffectEvent, useRef } from 'react'
import { TranscriptRowView } from './transcript-rows'
import type { TranscriptBuilder, TranscriptRow } from '../models/transcript-builder'
import { useT } from '@/i18n'

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

type TranscriptListProps = {
  builder: TranscriptBuilder
  rowCount: number
  selectedKey: string | null
  expanded: ReadonlySet<string>
  /** Row to bring into view (a permalink, a waterfall click); a new `scrollRequest` re-triggers. */
  scrollToRow: number | null
  scrollRequest: number
}

/**
 * The transcript, virtualised: only the blocks in view (plus a few) exist in the DOM, each
 * measured once it renders, so a session of 100,000 events scrolls like a short one. While the
 * view is at the bottom it stays there as the conversation grows.
 */
export function TranscriptList({
  builder,
  rowCount,
  selectedKey,
  expanded,
  scrollToRow,
  scrollRequest,
}: TranscriptListProps) {
  const { t } = useT('sessions:transcript')
  const scrollRef = useRef<HTMLDivElement>(null)
  const isAtBottom = useRef(scrollToRow === null)
  // Stable across renders: a new function identity makes the virtualizer re-measure every row.
  const estimateSize = useCallback((index: number) => estimate(builder.rows[index]), [builder])
  const getItemKey = useCallback((index: number) => builder.rows[index]?.key ?? index, [builder])
  // The console does not use the React Compiler; the virtualizer re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan: 6,
  })

  // Following the newest block: again whenever blocks arrive or measuring them moves the end.
  const totalSize = virtualizer.getTotalSize()
  useEffect(() => {
    if (isAtBottom.current && rowCount > 0) virtualizer.scrollToIndex(rowCount - 1, { align: 'end' })
  }, [rowCount, totalSize, virtualizer])

  const scrollToRequested = useEffectEvent((row: number) => {
    if (row >= rowCount) return false
    isAtBottom.current = false
    virtualizer.scrollToIndex(row, { align: 'center' })
    return true
  })
  useEffect(() => {
    if (scrollToRow === null || !scrollToRequested(scrollToRow)) return
    // Once the block is rendered (and measured), make sure the page shows it too.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        virtualizer.scrollToIndex(scrollToRow, { align: 'center' })
        scrollRef.current
          ?.querySelector(`[data-index="${scrollToRow}"]`)
          ?.scrollIntoView({ block: 'nearest' })
      })
    })
    return () => cancelAnimationFrame(frame)
  }, [scrollRequest, scrollToRow, virtualizer])

  return (
    <div
      ref={scrollRef}
      role="feed"
      aria-label={t('sessions.transcript.label')}
      aria-busy={false}
      tabIndex={0}
      data-testid="transcript"
      // Only the reader stops the following (scrolling up); the list's own scrolling to the end,
      // which measuring new blocks can leave short of it, does not. Reaching the end resumes it.
      onWheel={(event) => {
        if (event.deltaY < 0) isAtBottom.current = false
      }}
      onKeyDown={(event) => {
        if (['ArrowUp', 'PageUp', 'Home'].includes(event.key)) isAtBottom.current = false
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
        {virtualizer.getVirtualItems().map((item) => {
          const row = builder.rows[item.index]
          if (!row) return null
          return (
            <article
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-entry={row.key}
              data-row-kind={row.kind}
              aria-setsize={rowCount}
              aria-posinset={item.index + 1}
              aria-label={
                row.kind === 'turn'
                  ? t('sessions.transcript.turnLabel', { turn: row.turn.turnId ?? '' })
                  : undefined
              }
              // Each block lays out and paints on its own: a new block does not re-lay the others.
              className="absolute top-0 left-0 w-full [contain:layout_paint_style]"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <TranscriptRowView
                row={row}
                rev={row.rev}
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
