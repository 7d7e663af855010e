import { act, fireEvent, render } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KEEP_IN_VIEW_MS, useKeepInView } from './use-keep-in-view'

function Linked({ itemKey }: { itemKey: string | null }) {
  const ref = useRef<HTMLDivElement>(null)
  useKeepInView(ref, itemKey)
  return <div ref={ref}>linked item</div>
}

/** The element's box as the page reports it: inside the window, or pushed below it. */
let top = 100
const scrolls = vi.fn()

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance', 'setTimeout'] })
  top = 100
  scrolls.mockReset()
  HTMLElement.prototype.scrollIntoView = function scrollIntoView() {
    scrolls()
    top = 100
  }
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () => ({ top, bottom: top + 20, left: 0, right: 100, width: 100, height: 20, x: 0, y: top }) as DOMRect,
  )
})
afterEach(() => vi.useRealTimers())

function frames(count: number) {
  act(() => {
    vi.advanceTimersByTime(count * 16)
  })
}

describe('useKeepInView', () => {
  it('scrolls to the item, and back to it while the page above still grows', () => {
    render(<Linked itemKey="work_1" />)
    expect(scrolls).toHaveBeenCalledTimes(1)
    frames(3)
    expect(scrolls).toHaveBeenCalledTimes(1)
    // A table above it renders its rows: the item is pushed below the window.
    top = window.innerHeight + 200
    frames(2)
    expect(scrolls).toHaveBeenCalledTimes(2)
  })

  it('lets go at the reader’s first scroll, and after the hold', () => {
    render(<Linked itemKey="work_1" />)
    fireEvent.wheel(window)
    top = window.innerHeight + 200
    frames(5)
    expect(scrolls).toHaveBeenCalledTimes(1)

    render(<Linked itemKey="work_2" />)
    expect(scrolls).toHaveBeenCalledTimes(2)
    frames(KEEP_IN_VIEW_MS / 16 + 10)
    top = window.innerHeight + 200
    frames(5)
    expect(scrolls).toHaveBeenCalledTimes(2)
  })

  it('does not pull the page back when the same item re-renders, and goes to a newly linked one', () => {
    const view = render(<Linked itemKey="work_1" />)
    fireEvent.keyDown(window, { key: 'ArrowDown' })
    view.rerender(<Linked itemKey="work_1" />)
    expect(scrolls).toHaveBeenCalledTimes(1)
    view.rerender(<Linked itemKey="work_2" />)
    expect(scrolls).toHaveBeenCalledTimes(2)
    view.rerender(<Linked itemKey={null} />)
    expect(scrolls).toHaveBeenCalledTimes(2)
  })
})
