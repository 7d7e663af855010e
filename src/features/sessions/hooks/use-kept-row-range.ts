import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual'
import { useCallback } from 'react'

/**
 * A virtualizer's range that always includes `row` (a list's Tab stop), so the element focus is
 * on, or comes back to, is rendered even when it is scrolled far out of view.
 */
export function useKeptRowRange(row: number | null) {
  return useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      if (row !== null && row < range.count && !indexes.includes(row)) {
        indexes.push(row)
        indexes.sort((a, b) => a - b)
      }
      return indexes
    },
    [row],
  )
}
