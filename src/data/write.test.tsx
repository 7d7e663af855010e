import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { useSecretWrite, useWrite } from './write'
import { ApiError } from '@/api/api-error'

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  return { queryClient, wrapper }
}

const refused = new ApiError({ status: 409, message: 'The environment changed meanwhile.' })

describe('useWrite', () => {
  it("runs the caller's callback before the data layer's refresh, then resolves", async () => {
    const { wrapper } = setup()
    const order: string[] = []
    const { result } = renderHook(
      () =>
        useWrite(
          { write: (n: number) => Promise.resolve(n * 2), refresh: () => void order.push('refresh') },
          { onSuccess: (data) => void order.push(`caller:${data}`) },
        ),
      { wrapper },
    )
    await act(async () => {
      expect(await result.current.mutateAsync(21)).toBe(42)
    })
    expect(order).toEqual(['caller:42', 'refresh'])
  })

  it('refreshes after a failure only when the write may have happened anyway', async () => {
    const { wrapper } = setup()
    const refreshed: string[] = []
    const { result } = renderHook(
      () => ({
        plain: useWrite({
          write: () => Promise.reject(refused),
          refresh: () => void refreshed.push('plain'),
        }),
        lostAnswer: useWrite({
          write: () => Promise.reject(refused),
          refresh: () => void refreshed.push('settled'),
          refreshAfter: 'settled',
        }),
      }),
      { wrapper },
    )
    await act(async () => {
      await expect(result.current.plain.mutateAsync()).rejects.toBe(refused)
      await expect(result.current.lostAnswer.mutateAsync()).rejects.toBe(refused)
    })
    expect(refreshed).toEqual(['settled'])
    // The mutation's error state reaches the hook on a later render than the rejected promise.
    await waitFor(() => expect(result.current.plain.errorMessage).toBe('The environment changed meanwhile.'))
  })
})

describe('useSecretWrite', () => {
  it('hands the answer to the caller only: nothing is left in the mutation cache', async () => {
    const { queryClient, wrapper } = setup()
    let refreshes = 0
    const { result } = renderHook(
      () =>
        useSecretWrite({
          write: () => Promise.resolve({ apiKey: 'sk-once' }),
          refresh: () => void refreshes++,
        }),
      { wrapper },
    )
    await act(async () => {
      expect(await result.current.mutateAsync()).toEqual({ apiKey: 'sk-once' })
    })
    expect(refreshes).toBe(1)
    expect(result.current).not.toHaveProperty('data')
    expect(
      JSON.stringify(
        queryClient
          .getMutationCache()
          .getAll()
          .map((m) => m.state),
      ),
    ).not.toContain('sk-once')
  })

  it('says why it failed, and forgets the failure on the next attempt', async () => {
    const { wrapper } = setup()
    let attempt = 0
    const { result } = renderHook(
      () =>
        useSecretWrite({ write: () => (attempt++ === 0 ? Promise.reject(refused) : Promise.resolve('ok')) }),
      { wrapper },
    )
    await act(async () => {
      await expect(result.current.mutateAsync()).rejects.toBe(refused)
    })
    expect(result.current.errorMessage).toBe('The environment changed meanwhile.')
    await act(async () => {
      await result.current.mutateAsync()
    })
    expect(result.current.error).toBeNull()
  })
})
