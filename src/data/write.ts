import {
  QueryClientContext,
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query'
import { useContext, useState } from 'react'
import { errorMessage } from '@/api/api-error'

/** What a screen may add to a write: react-query's own options, its callbacks run first. */
export type WriteOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, unknown, TVariables>,
  'mutationFn'
>

/** What the data layer says about one write: the request, and the caches it changes. */
export type WriteSpec<TData, TVariables> = {
  write: (variables: TVariables) => Promise<TData>
  /**
   * Brings every screen that shows what the write changed up to date (invalidate, remove), so no
   * screen invalidates data-layer keys itself. A write that changes nothing read (sign-in) has none.
   */
  refresh?: (queryClient: QueryClient, variables: TVariables) => Promise<unknown> | void
  /**
   * `settled` also refreshes after a failure: one whose answer was lost may have written anyway
   * (a create, a turn), and the lists must show it either way.
   */
  refreshAfter?: 'success' | 'settled'
}

/** Marks every query under these keys stale, all at once (screens showing them refetch). */
export function invalidateAll(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

/** The failure in words (the server's message, else a generic one), or null before any. */
const messageOf = (error: unknown): string | null => (error === null ? null : errorMessage(error))

export type Write<TData, TVariables> = UseMutationResult<TData, unknown, TVariables> & {
  /** The failure in words for `FailureNotice`, read at render so it follows a language switch. */
  errorMessage: string | null
}

/**
 * Every write the console makes through react-query: the data layer owns what it refreshes, the
 * caller's options pass through, and its callbacks run before the refresh, so a page can leave
 * before what it showed is refetched or removed (a delete).
 */
export function useWrite<TData, TVariables = void>(
  spec: WriteSpec<TData, TVariables>,
  options: WriteOptions<TData, TVariables> = {},
): Write<TData, TVariables> {
  const queryClient = useQueryClient()
  const { refresh, refreshAfter = 'success' } = spec
  const mutation = useMutation<TData, unknown, TVariables>({
    ...options,
    mutationFn: spec.write,
    onSuccess: async (data, variables, result, context) => {
      await options.onSuccess?.(data, variables, result, context)
      if (refreshAfter === 'success') await refresh?.(queryClient, variables)
    },
    onSettled: async (data, error, variables, result, context) => {
      await options.onSettled?.(data, error, variables, result, context)
      if (refreshAfter === 'settled') await refresh?.(queryClient, variables)
    },
  })
  return { ...mutation, errorMessage: messageOf(mutation.error) }
}

export type SecretWrite<TData, TVariables> = {
  mutateAsync: (variables: TVariables) => Promise<TData>
  isPending: boolean
  error: unknown
  errorMessage: string | null
  reset: () => void
}

/**
 * The same shape for a write whose answer holds a secret (a one-time environment key, a sign-in
 * token): react-query's mutation cache would keep the answer, so the answer goes only to the
 * caller, and only whether it is pending or failed is held here.
 */
export function useSecretWrite<TData, TVariables = void>(
  spec: Omit<WriteSpec<TData, TVariables>, 'refreshAfter'>,
): SecretWrite<TData, TVariables> {
  // Read without useQueryClient(): a write that refreshes nothing (sign-in) needs no query client.
  const queryClient = useContext(QueryClientContext)
  const [state, setState] = useState<{ isPending: boolean; error: unknown }>({
    isPending: false,
    error: null,
  })
  const mutateAsync = async (variables: TVariables): Promise<TData> => {
    setState({ isPending: true, error: null })
    try {
      const data = await spec.write(variables)
      setState({ isPending: false, error: null })
      if (spec.refresh) {
        if (!queryClient)
          throw new Error('useSecretWrite: a write that refreshes needs a QueryClientProvider')
        void spec.refresh(queryClient, variables)
      }
      return data
    } catch (error) {
      setState({ isPending: false, error })
      throw error
    }
  }
  return {
    mutateAsync,
    ...state,
    errorMessage: messageOf(state.error),
    reset: () => setState({ isPending: false, error: null }),
  }
}
