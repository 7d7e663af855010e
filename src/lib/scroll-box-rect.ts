import { useState } from 'react'

/**
 * A virtualised list's scroll box, sized before it is laid out. The virtualizer starts from a 0×0
 * box and reads the real one (clientWidth/clientHeight) in its layout effect: on a page's first
 * render that read forces the whole page's first layout in the middle of the commit, and the size
 * it finds makes the virtualizer render again at once (flushSync), which also runs every passive
 * effect of the page (its query subscriptions, their requests) before the first rows are in the
 * document. Measured on the 100,000-event session, that was 40–60 ms of the first rows' long task.
 *
 * Instead, the list starts from the size its CSS will give it, and the box is read only once the
 * browser has laid it out, in a ResizeObserver callback (before the frame is painted); when the
 * guess was off, that reading corrects it the way a resize does.
 */

export type BoxRect = { width: number; height: number }

/**
 * The inner size of a box whose CSS height is `share` of the viewport's (`h-[60vh]` is 0.6) with
 * a `min-height` floor, and a border of `border` px on each side (box-sizing is border-box).
 * window.innerWidth/innerHeight are read because they need no layout.
 */
export function viewportBoxRect(share: number, minHeight: number, border = 1): BoxRect {
  if (typeof window === 'undefined') return { width: 0, height: 0 }
  const height = Math.round(Math.max(window.innerHeight * share, minHeight)) - 2 * border
  return { width: Math.max(0, window.innerWidth - 2 * border), height: Math.max(0, height) }
}

/**
 * The virtualizer's `observeElementRect`, reading the box only after layout. Without a
 * ResizeObserver (test DOMs) it reads it at once, as the default does.
 */
export function observeRectAfterLayout(
  instance: { scrollElement: Element | null },
  onRect: (rect: BoxRect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement
  if (!element) return undefined
  const read = () => onRect({ width: element.clientWidth, height: element.clientHeight })
  if (typeof ResizeObserver === 'undefined') {
    read()
    return undefined
  }
  // Layout is up to date when the observer calls back, so reading the box here costs nothing.
  const observer = new ResizeObserver(read)
  observer.observe(element)
  return () => observer.disconnect()
}

/**
 * The options that start a virtualised list without reading layout: the box its CSS gives it
 * (`share` of the viewport's height, at least `minHeight`; see viewportBoxRect), read for real only
 * once laid out (observeRectAfterLayout); and, for a list that opens following its newest item
 * (`startsAtEnd`, asked once, on the first render), scrolled to its end from that render. It then
 * draws the rows the reader will see, instead of the top rows that the follow effect would scroll
 * away from at once (a second render and a second layout before the first paint).
 *
 * `totalSize` is the list's height as the virtualizer has it (its `getTotalSize`, from its
 * measurements or estimates), read only when the list starts at its end.
 */
export function useListStart(
  share: number,
  minHeight: number,
  startsAtEnd: () => boolean,
  totalSize: () => number,
) {
  const [initialRect] = useState(() => viewportBoxRect(share, minHeight))
  return {
    initialRect,
    initialOffset: () => (startsAtEnd() ? Math.max(0, totalSize() - initialRect.height) : 0),
    observeElementRect: observeRectAfterLayout,
  }
}
