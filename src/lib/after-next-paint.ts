import { useEffect, useState } from 'react'

/**
 * Runs `run` once the next frame has been painted, in the animation-frame callback of the frame
 * after it; returns a cancel. For work the first paint of a screen must not wait for. Not a task
 * posted from the first frame's callback: that one competes with whatever else waits for the paint
 * (the browser's own tasks, a page's "first paint" probe) and is run ahead of some of them.
 */
export function afterNextPaint(run: () => void): () => void {
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => run())
  })
  return () => cancelAnimationFrame(frame)
}

/** False until the component's first render has been painted, then true for good. */
export function useAfterNextPaint(): boolean {
  const [isPainted, setPainted] = useState(false)
  useEffect(() => afterNextPaint(() => setPainted(true)), [])
  return isPainted
}
