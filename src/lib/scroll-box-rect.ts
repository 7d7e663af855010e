import { observeElementOffset, type Virtualizer } from '@tanstack/react-virtual'
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
 * The virtualizer's `observeElementOffset`, which knows that the first scroll event after it
 * attaches is the list being put at its opening offset (the virtualizer writes it as it attaches;
 * see useListStart), not a reader scrolling. Passed on as scrolling, that event flips the
 * virtualizer's `isScrolling`, and it renders again with flushSync in the frame that would paint
 * the first rows: React first runs every passive effect of the page (the query subscriptions and
 * their requests), then renders the list a second time, all before anything is painted. Passed on
 * as at rest, it changes nothing the virtualizer renders from (the offset is the one it rendered
 * for), so nothing renders again.
 *
 * Only an event at that offset, before the first animation frame after attaching, is taken for
 * the write: a clamped write or the reader's own first scroll is reported as it is.
 */
export function observeOffsetAfterOpening<S extends Element, I extends Element>(
  instance: Virtualizer<S, I>,
  onOffset: (offset: number, isScrolling: boolean) => void,
): (() => void) | undefined {
  // The offset it rendered for, and writes next (its initialOffset until something else moves it).
  const written = instance.scrollOffset ?? 0
  // At 0 nothing is written, so no event is owed.
  let opening: number | null = written > 0 ? written : null
  // Scroll events are dispatched before a frame's animation-frame callbacks: by the first of those,
  // the write's event has come or never will.
  const frame =
    opening !== null && typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => (opening = null))
      : null
  const stop = observeElementOffset(instance, (offset, isScrolling) => {
    const isOpening = opening !== null && isScrolling && Math.abs(offset - opening) < 1
    opening = null
    onOffset(offset, isOpening ? false : isScrolling)
  })
  return () => {
    if (frame !== null) cancelAnimationFrame(frame)
    stop?.()
  }
}

/**
 * The options that start a virtualised list without reading layout: the box its CSS gives it
 * (`share` of the viewport's height, at least `minHeight`; see viewportBoxRect), read for real only
 * once laid out (observeRectAfterLayout); and, for a list that opens following its newest item
 * (`startsAtEnd`, asked once, on the first render), scrolled to its end from that render. It then
 * draws the rows the reader will see, instead of the top rows that the follow effect would scroll
 * away from at once (a second render and a second layout before the first paint); the scroll
 * event of that opening write is not taken for the reader's (observeOffsetAfterOpening).
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
    observeElementOffset: observeOffsetAfterOpening,
  }
}
