import { defaultRangeExtractor, type Range, type Virtualizer } from '@tanstack/react-virtual'
import { useCallback, useRef, useState } from 'react'
import { indexOfActiveRow, type ActiveRow } from '../models/index-of-active-row'

/**
 * The one Tab stop of a virtualised list (the event log, the transcript): the row focus is on or
 * was last on, by key, else `fallback`. The virtualizer's range always includes it
 * (`rangeExtractor`), so the element focus is on, or comes back to, is rendered even when it is
 * scrolled far away. `requestFocus` makes a row the Tab stop and leaves its index in
 * `wantsFocusAt` for the list to focus once that row is rendered.
 */
export function useRovingRow(rows: readonly { key: string }[], fallback: number | null) {
  const [active, setActive] = useState<ActiveRow | null>(null)
  const keptRow = indexOfActiveRow(rows, active) ?? fallback
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      if (keptRow !== null && keptRow < range.count && !indexes.includes(keptRow)) {
        indexes.push(keptRow)
        indexes.sort((a, b) => a - b)
      }
      return indexes
    },
    [keptRow],
  )
  const wantsFocusAt = useRef<number | null>(null)
  // `rows` is the builder's own array, appended to in place: read when called.
  const activate = useCallback(
    (index: number) => {
      const row = rows[index]
      if (row) setActive((current) => (current?.key === row.key ? current : { key: row.key, index }))
      return row !== undefined
    },
    [rows],
  )
  const requestFocus = useCallback(
    (index: number) => {
      if (!activate(index)) return false
      wantsFocusAt.current = index
      return true
    },
    [activate],
  )
  return { keptRow, rangeExtractor, wantsFocusAt, activate, requestFocus }
}

/**
 * The rows a list draws and its Tab stop: the kept row, else the first row in view. The rows are
 * asked for first: that works out the range in view, which nothing else has done yet on the first
 * render, and a list that opens at its end is not rendered again before its first paint.
 */
export function drawnRows<S extends Element, I extends Element>(
  virtualizer: Virtualizer<S, I>,
  keptRow: number | null,
  rowCount: number,
) {
  const items = virtualizer.getVirtualItems()
  const tabStop = Math.min(keptRow ?? virtualizer.range?.startIndex ?? 0, Math.max(rowCount - 1, 0))
  return { items, tabStop }
}
