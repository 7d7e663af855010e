import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint, useAfterNextPaint } from './after-next-paint'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** Animation frames run only when the test says a frame is drawn. */
function stubFrames() {
  const frames = new Map<number, FrameRequestCallback>()
  let next = 1
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.set(next, callback)
    return next++
  })
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id))
  return () => {
    const due = [...frames.values()]
    frames.clear()
    for (const callback of due) callback(performance.now())
  }
}

describe('afterNextPaint', () => {
  it('runs in the frame after the next one, once that one has been painted', () => {
    const drawFrame = stubFrames()
    const run = vi.fn()
    afterNextPaint(run)
    drawFrame()
    expect(run).not.toHaveBeenCalled()
    drawFrame()
    expect(run).toHaveBeenCalledOnce()
  })

  it('does not run once cancelled, before or after the first frame', () => {
    const drawFrame = stubFrames()
    const early = vi.fn()
    afterNextPaint(early)()
    const late = vi.fn()
    const cancelLate = afterNextPaint(late)
    drawFrame()
    cancelLate()
    drawFrame()
    drawFrame()
    expect(early).not.toHaveBeenCalled()
    expect(late).not.toHaveBeenCalled()
  })
})

function Probe() {
  return <p>{useAfterNextPaint() ? 'painted' : 'first render'}</p>
}

describe('useAfterNextPaint', () => {
  it('is false on the first render and true once that render has been painted', () => {
    const drawFrame = stubFrames()
    render(<Probe />)
    expect(screen.getByText('first render')).toBeInTheDocument()
    act(() => drawFrame())
    expect(screen.getByText('first render')).toBeInTheDocument()
    act(() => drawFrame())
    expect(screen.getByText('painted')).toBeInTheDocument()
  })
})
