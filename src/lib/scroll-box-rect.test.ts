// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderHook } from '@testing-library/react'
import type { Virtualizer } from '@tanstack/react-virtual'
import {
  observeOffsetAfterOpening,
  observeRectAfterLayout,
  useListStart,
  viewportBoxRect,
} from './scroll-box-rect'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('viewportBoxRect', () => {
  it('is the share of the viewport less the borders, never under the minimum height', () => {
    vi.stubGlobal('innerHeight', 900)
    vi.stubGlobal('innerWidth', 1400)
    // h-[60vh] with a 1 px border: 540 px tall, 538 px inside.
    expect(viewportBoxRect(0.6, 320)).toEqual({ width: 1398, height: 538 })
    vi.stubGlobal('innerHeight', 400)
    // 60vh is 240 px here: min-h-80 (320 px) wins.
    expect(viewportBoxRect(0.6, 320)).toEqual({ width: 1398, height: 318 })
    expect(viewportBoxRect(0.7, 384, 0).height).toBe(384)
  })
})

describe('observeRectAfterLayout', () => {
  it('reads the box only when the resize observer calls back, and stops observing on cleanup', () => {
    let callBack: (() => void) | undefined
    const disconnect = vi.fn()
    const observe = vi.fn()
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          callBack = callback
        }
        observe = observe
        disconnect = disconnect
      },
    )
    const element = document.createElement('div')
    const onRect = vi.fn()
    const stop = observeRectAfterLayout({ scrollElement: element }, onRect)
    expect(observe).toHaveBeenCalledWith(element)
    expect(onRect).not.toHaveBeenCalled()
    callBack?.()
    // The test DOM gives every element 1200 × 800 (setup-dom.ts).
    expect(onRect).toHaveBeenCalledWith({ width: 1200, height: 800 })
    stop?.()
    expect(disconnect).toHaveBeenCalled()
  })

  it('reads the box at once where there is no ResizeObserver, and does nothing without a box', () => {
    vi.stubGlobal('ResizeObserver', undefined)
    const onRect = vi.fn()
    observeRectAfterLayout({ scrollElement: document.createElement('div') }, onRect)
    expect(onRect).toHaveBeenCalledWith({ width: 1200, height: 800 })
    const none = vi.fn()
    expect(observeRectAfterLayout({ scrollElement: null }, none)).toBeUndefined()
    expect(none).not.toHaveBeenCalled()
  })
})

describe('useListStart', () => {
  /** A list whose box is 100 px inside its borders: 10 % of a 1,020 px viewport, less two 1 px borders. */
  function listStart(startsAtEnd: boolean, totalSize: () => number) {
    vi.stubGlobal('innerHeight', 1020)
    vi.stubGlobal('innerWidth', 1400)
    return renderHook(() => useListStart(0.1, 12, () => startsAtEnd, totalSize)).result.current
  }

  it('starts a list that follows its newest item with the last item at the bottom of the box', () => {
    // Ten items of 30 px: the list is 300 px tall and shows its last 100 px.
    expect(listStart(true, () => 300).initialOffset()).toBe(200)
    expect(listStart(true, () => 150).initialOffset()).toBe(50)
  })

  it('starts at the top when everything fits, or when the list does not follow', () => {
    expect(listStart(true, () => 90).initialOffset()).toBe(0)
    expect(listStart(true, () => 0).initialOffset()).toBe(0)
    const totalSize = vi.fn(() => 300)
    expect(listStart(false, totalSize).initialOffset()).toBe(0)
    // The list's height is not even asked for.
    expect(totalSize).not.toHaveBeenCalled()
  })

  it('starts from the box its CSS gives it, read after layout', () => {
    const start = listStart(true, () => 0)
    expect(start.initialRect).toEqual({ width: 1398, height: 100 })
    expect(start.observeElementRect).toBe(observeRectAfterLayout)
    expect(start.observeElementOffset).toBe(observeOffsetAfterOpening)
  })
})

describe('observeOffsetAfterOpening', () => {
  // What the virtualizer's default offset observer reads from its instance.
  function listAt(opening: number) {
    const element = document.createElement('div')
    const instance = {
      scrollElement: element,
      targetWindow: window,
      scrollOffset: opening,
      options: { horizontal: false, isRtl: false, useScrollendEvent: false, isScrollingResetDelay: 150 },
    } as unknown as Virtualizer<HTMLDivElement, Element>
    const scrollTo = (top: number) => {
      element.scrollTop = top
      element.dispatchEvent(new Event('scroll'))
    }
    return { instance, scrollTo }
  }

  it('takes the event of the opening write for the list at rest, and the next one for scrolling', () => {
    const { instance, scrollTo } = listAt(500)
    const onOffset = vi.fn()
    const stop = observeOffsetAfterOpening(instance, onOffset)
    scrollTo(500)
    expect(onOffset).toHaveBeenLastCalledWith(500, false)
    scrollTo(450)
    expect(onOffset).toHaveBeenLastCalledWith(450, true)
    stop?.()
    scrollTo(400)
    expect(onOffset).toHaveBeenCalledTimes(2)
  })

  it('reports an event at another offset as scrolling: a clamped write, or the reader', () => {
    const { instance, scrollTo } = listAt(500)
    const onOffset = vi.fn()
    observeOffsetAfterOpening(instance, onOffset)
    scrollTo(300)
    expect(onOffset).toHaveBeenLastCalledWith(300, true)
    // Only the first event can be the write's.
    scrollTo(500)
    expect(onOffset).toHaveBeenLastCalledWith(500, true)
  })

  it('owes no event for a list that opens at its top, nor after the first animation frame', () => {
    const top = listAt(0)
    const atTop = vi.fn()
    observeOffsetAfterOpening(top.instance, atTop)
    top.scrollTo(0)
    expect(atTop).toHaveBeenLastCalledWith(0, true)

    let frame: FrameRequestCallback | undefined
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frame = callback
      return 1
    })
    const end = listAt(500)
    const atEnd = vi.fn()
    observeOffsetAfterOpening(end.instance, atEnd)
    frame?.(0)
    end.scrollTo(500)
    expect(atEnd).toHaveBeenLastCalledWith(500, true)
  })
})
