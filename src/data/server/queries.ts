import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import {
  probeServer,
  probeSessionOperations,
  type ApiFamily,
  type FamilyStatus,
  type ProbeAnswer,
  type ServerFacts,
  type SessionOperationFamily,
  SESSION_OPERATION_FAMILIES,
} from './probe-families'
import { apiBaseUrl, send } from '@/api/client'
import { isApiError } from '@/api/api-error'

/** One probe GET with the signed-in user's headers; every outcome becomes an answer, none throws. */
async function probeGet(path: string, signal?: AbortSignal): Promise<ProbeAnswer> {
  try {
    const { data, response } = await send(apiBaseUrl(), 'GET', path, { signal })
    return { status: response.status, body: data }
  } catch (error) {
    if (isApiError(error))
      return error.status === 0 ? { networkError: true } : { status: error.status, body: null }
    // A 2xx whose body is not JSON: a Gateway's single-page fallback answering for a missing route.
    if (error instanceof SyntaxError) return { status: 200, notJson: true }
    throw error
  }
}

/**
 * Per Gateway and signed-in session: the probes run once (the shell starts them at sign-in) and
 * stay cached until sign-out clears the cache; no screen sends its own.
 */
export const serverKeys = {
  all: ['server'] as const,
  facts: (baseUrl: string) => [...serverKeys.all, 'facts', baseUrl] as const,
  operations: (baseUrl: string, facts: ServerFacts | undefined) =>
    [...serverKeys.all, 'operations', baseUrl, facts ?? null] as const,
}

export const serverFactsQuery = () =>
  queryOptions({
    queryKey: serverKeys.facts(apiBaseUrl()),
    queryFn: ({ signal }) => probeServer((path) => probeGet(path, signal)),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  })

/** Asked only once a panel or the Server page needs an operation's status, then kept like the rest. */
export const sessionOperationsQuery = (facts: ServerFacts | undefined, isNeeded = true) =>
  queryOptions({
    queryKey: serverKeys.operations(apiBaseUrl(), facts),
    queryFn: ({ signal }) => probeSessionOperations((path) => probeGet(path, signal), facts as ServerFacts),
    enabled: isNeeded && facts !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  })

/**
 * Every family's status, `pending` until its probe has answered. The session operations are
 * probed only with `withOperations` (the Server page, a panel of one of them).
 */
export function useServerFamilies({ withOperations = true }: { withOperations?: boolean } = {}): {
  facts: ServerFacts | undefined
  statuses: Record<ApiFamily, FamilyStatus | 'pending'>
  baseUrl: string
} {
  const facts = useQuery(serverFactsQuery())
  const operations = useQuery(sessionOperationsQuery(facts.data, withOperations))
  // A failed probe (it never throws for an answer; only for a bug) leaves the screens as they are.
  const first = (family: keyof ServerFacts['families']): FamilyStatus | 'pending' =>
    facts.isError ? 'unknown' : (facts.data?.families[family] ?? 'pending')
  const operation = (family: SessionOperationFamily): FamilyStatus | 'pending' =>
    facts.isError || operations.isError ? 'unknown' : (operations.data?.[family] ?? 'pending')
  return {
    facts: facts.data,
    baseUrl: apiBaseUrl(),
    statuses: {
      environments: first('environments'),
      agentCatalog: first('agentCatalog'),
      agentSessions: first('agentSessions'),
      trace: operation('trace'),
      inputs: operation('inputs'),
      files: operation('files'),
      artifacts: operation('artifacts'),
      checkpoints: operation('checkpoints'),
      subagents: operation('subagents'),
      budget: operation('budget'),
    },
  }
}

/**
 * Whether the server serves a family, for a screen or panel to decide between its content and
 * `<FamilyUnavailable family=… />`: `absent` → show that sentence instead of an error; `pending`
 * → the probes are still out (started at sign-in; render as usual or wait, as suits the screen);
 * `served` / `unknown` → render as usual.
 */
export function useFamilyStatus(family: ApiFamily): FamilyStatus | 'pending' {
  const isOperation = (SESSION_OPERATION_FAMILIES as readonly ApiFamily[]).includes(family)
  return useServerFamilies({ withOperations: isOperation }).statuses[family]
}

/**
 * Starts the first probes at sign-in (the sign-in page calls it), so the screens that depend on a
 * family find the answer cached. A sign-in kept from an earlier visit probes when the first such
 * screen opens (useFamilyStatus): the first route, Environments, needs none of it, so its code
 * stays off the console's first load.
 */
export function prefetchServerFacts(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery(serverFactsQuery())
}
