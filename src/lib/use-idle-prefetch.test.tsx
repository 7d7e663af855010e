import { render } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { codeOnDemand } from './code-on-demand'
import { useIdlePrefetch } from './use-idle-prefetch'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** Idle callbacks that run only when the test says so. */
function controlIdle() {
  const waiting = new Map<number, () => void>()
  let next = 1
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => (waiting.set(next, callback), next++))
  vi.stubGlobal('cancelIdleCallback', (handle: number) => waiting.delete(handle))
  return {
    pending: () => waiting.size,
    runAll: async () => {
      for (const [handle, callback] of [...waiting]) {
        waiting.delete(handle)
        callback()
      }
      await Promise.resolve()
      await Promise.resolve()
    },
  }
}

function Prefetch({ codes, enabled }: { codes: Parameters<typeof useIdlePrefetch>[0]; enabled?: boolean }) {
  useIdlePrefetch(codes, enabled)
  return null
}

describe('useIdlePrefetch', () => {
  it('asks for every code once the browser is idle, not before', async () => {
    const idle = controlIdle()
    const first = vi.fn(() => Promise.resolve({ a: 1 }))
    const second = vi.fn(() => Promise.resolve({ b: 2 }))
    const codes = [codeOnDemand(first), codeOnDemand(second)]
    render(<Prefetch codes={codes} />)
    expect(first).not.toHaveBeenCalled()
    await idle.runAll()
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('waits for enabled, and asks for nothing when it is unmounted before the idle moment', async () => {
    const idle = controlIdle()
    const importModule = vi.fn(() => Promise.resolve({}))
    const codes = [codeOnDemand(importModule)]
    const view = render(<Prefetch codes={codes} enabled={false} />)
    expect(idle.pending()).toBe(0)
    view.rerender(<Prefetch codes={codes} enabled />)
    expect(idle.pending()).toBe(1)
    view.unmount()
    expect(idle.pending()).toBe(0)
    await idle.runAll()
    expect(importModule).not.toHaveBeenCalled()
  })

  it('does not wait at all when the code is already in, and a failed prefetch is asked again later', async () => {
    const idle = controlIdle()
    const arrived = codeOnDemand(() => Promise.resolve({}))
    await arrived.load()
    render(<Prefetch codes={[arrived]} />)
    expect(idle.pending()).toBe(0)

    const failing = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ c: 3 })
    const code = codeOnDemand(failing)
    render(<Prefetch codes={[code]} />)
    await idle.runAll()
    expect(failing).toHaveBeenCalledTimes(1)
    await expect(code.load()).resolves.toEqual({ c: 3 })
  })
})
