import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenIdle } from './when-idle'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const settled = async (promise: Promise<void>) => {
  let isDone = false
  void promise.then(() => (isDone = true))
  await Promise.resolve()
  await Promise.resolve()
  return isDone
}

describe('whenIdle', () => {
  it('waits for the idle callback, asking for it with the timeout given', async () => {
    let run: (() => void) | undefined
    const ask = vi.fn((callback: () => void) => ((run = callback), 7))
    vi.stubGlobal('requestIdleCallback', ask)
    vi.stubGlobal('cancelIdleCallback', vi.fn())
    const idle = whenIdle(new AbortController().signal, 1500)
    expect(ask).toHaveBeenCalledWith(expect.any(Function), { timeout: 1500 })
    expect(await settled(idle)).toBe(false)
    run?.()
    expect(await settled(idle)).toBe(true)
  })

  it('resolves at once on abort and cancels the idle callback', async () => {
    const cancel = vi.fn()
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn(() => 9),
    )
    vi.stubGlobal('cancelIdleCallback', cancel)
    const abort = new AbortController()
    const idle = whenIdle(abort.signal, 1500)
    expect(await settled(idle)).toBe(false)
    abort.abort()
    expect(await settled(idle)).toBe(true)
    expect(cancel).toHaveBeenCalledWith(9)
  })

  it('without requestIdleCallback, waits the fallback time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    vi.stubGlobal('requestIdleCallback', undefined)
    const idle = whenIdle(new AbortController().signal, 1500, 50)
    await vi.advanceTimersByTimeAsync(49)
    expect(await settled(idle)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await settled(idle)).toBe(true)
  })

  it('without a signal, waits for the idle callback alone', async () => {
    let run: (() => void) | undefined
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((callback: () => void) => ((run = callback), 3)),
    )
    const idle = whenIdle(undefined, 1000, 0)
    expect(await settled(idle)).toBe(false)
    run?.()
    expect(await settled(idle)).toBe(true)
  })

  it('resolves at once for a signal already aborted', async () => {
    const abort = new AbortController()
    abort.abort()
    expect(await settled(whenIdle(abort.signal, 1500))).toBe(true)
  })
})
