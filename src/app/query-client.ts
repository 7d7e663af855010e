import { QueryCache, QueryClient } from '@tanstack/react-query'
import { useApiHealthStore } from './stores/api-health-store'
import { isApiError, isRetryableError } from '@/api/api-error'

const MAX_RETRIES = 3

function retryDelay(attempt: number, error: unknown): number {
  if (isApiError(error) && error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, 30_000)
  const base = Math.min(1000 * 2 ** attempt, 10_000)
  return base / 2 + Math.random() * (base / 2)
}

/**
 * Reads retry with backoff when the failure is worth retrying (network, 5xx, 429). Mutations
 * never retry here: only calls that carry an Idempotency-Key may, and they opt in one by one.
 */
export function createQueryClient(options: { isTest?: boolean } = {}) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isApiError(error) && error.kind === 'network') useApiHealthStore.getState().markUnreachable(error)
      },
      onSuccess: () => {
        if (useApiHealthStore.getState().isUnreachable) useApiHealthStore.getState().markReachable()
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: options.isTest
          ? false
          : (failureCount, error) => failureCount < MAX_RETRIES && isRetryableError(error),
        retryDelay,
      },
      mutations: { retry: false },
    },
  })
}
