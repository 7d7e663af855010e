import { describe, expect, it, vi } from 'vitest'
import { rememberUntilFailure } from './remember-until-failure'

describe('rememberUntilFailure', () => {
  it('asks once while the answer is pending or has arrived', async () => {
    const ask = vi.fn(() => Promise.resolve('module'))
    const load = rememberUntilFailure(ask)
    const first = load()
    expect(load()).toBe(first)
    await expect(first).resolves.toBe('module')
    await expect(load()).resolves.toBe('module')
    expect(ask).toHaveBeenCalledTimes(1)
  })

  it('asks again after a failure', async () => {
    const ask = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('module')
    const load = rememberUntilFailure(ask)
    await expect(load()).rejects.toThrow('offline')
    await expect(load()).resolves.toBe('module')
    expect(ask).toHaveBeenCalledTimes(2)
  })
})
