import { queryOptions } from '@tanstack/react-query'
import { apiBaseUrl, send } from '@/api/client'
import { invalidateAll, useWrite, type WriteOptions } from '../write'
import {
  budgetLimitsBody,
  decodeBudget,
  sameLimits,
  type Budget,
  type BudgetLimits,
  type BudgetUsage,
} from './decode-budget'
import { sessionKeys } from './keys'
import { commandTurn } from './mutations'
import type { Turn } from './types'

/**
 * The session tree's budget (AgentSessionBudgetController upstream). Our contract does not carry
 * these routes (upstream's spec leaves `usage` free-form), so the calls go through the client's
 * untyped `send` and the decoder checks the answers.
 */
/** Under the session's detail key (refreshed with the inspector); kept here, off the first screen's code. */
const budgetKey = (sessionId: string) => [...sessionKeys.detail(sessionId), 'budget'] as const

const budgetPath = (sessionId: string) => `/api/v1/agent-sessions/${encodeURIComponent(sessionId)}/budget`

async function readBudget(sessionId: string, signal?: AbortSignal): Promise<Budget> {
  return decodeBudget((await send(apiBaseUrl(), 'GET', budgetPath(sessionId), { signal })).data)
}

/** Polled while a turn runs, so calls in flight show as they start and settle (no event says so). */
export const budgetQuery = (sessionId: string, isRunning = false) =>
  queryOptions({
    queryKey: budgetKey(sessionId),
    queryFn: ({ signal }) => readBudget(sessionId, signal),
    refetchInterval: isRunning ? 1_500 : false,
    staleTime: 2_000,
  })

/**
 * Upstream's PUT has no revision or If-Match check: the last writer wins. So the console reads the
 * ledger again just before writing and refuses to write when the revision moved since the editor
 * showed it — unless the move is the tree's own accounting (each model call's reservation and
 * settlement writes the ledger too) and the limits are as shown.
 */
export class BudgetConflictError extends Error {
  constructor(
    readonly seen: Budget,
    readonly current: Budget,
  ) {
    super(`The budget's limits changed (revision ${seen.revision} → ${current.revision})`)
    this.name = 'BudgetConflictError'
  }
}

export function isBudgetConflict(error: unknown): error is BudgetConflictError {
  return error instanceof BudgetConflictError
}

export type BudgetChange = {
  /** Every limit to keep: PUT replaces them all, so one left out is cleared. */
  limits: BudgetLimits
  /** The read the editor showed, to compare with a fresh one. */
  seen: Budget
}

/** Whether model calls were accounted between two reads (writes of the ledger that are not a PUT). */
function isAccountingMoved(before: BudgetUsage, after: BudgetUsage): boolean {
  return (
    before.modelCalls !== after.modelCalls ||
    before.inFlightCalls !== after.inFlightCalls ||
    before.unreportedCalls !== after.unreportedCalls ||
    before.totalTokens !== after.totalTokens
  )
}

async function writeBudget(sessionId: string, change: BudgetChange): Promise<Budget> {
  const current = await readBudget(sessionId)
  const { seen } = change
  if (
    current.revision !== seen.revision &&
    (!sameLimits(current.limits, seen.limits) || !isAccountingMoved(seen.usage, current.usage))
  )
    throw new BudgetConflictError(seen, current)
  const { data } = await send(apiBaseUrl(), 'PUT', budgetPath(sessionId), {
    body: budgetLimitsBody(change.limits),
  })
  return decodeBudget(data)
}

export function useSetBudget(sessionId: string, options?: WriteOptions<Budget, BudgetChange>) {
  return useWrite(
    {
      write: (change: BudgetChange) => writeBudget(sessionId, change),
      refresh: (queryClient) => queryClient.invalidateQueries({ queryKey: budgetKey(sessionId) }),
      // A conflict or a lost answer: the panel must show the ledger as it is now.
      refreshAfter: 'settled',
    },
    options,
  )
}

export type RaiseAndResume = BudgetChange & { turnId: string }

/**
 * Raises the limit that stopped a turn, then resumes that turn: upstream never resumes a turn its
 * budget failed by itself ("adjust limits and explicitly resume the failed turn").
 */
export function useRaiseAndResume(sessionId: string, options?: WriteOptions<Turn, RaiseAndResume>) {
  return useWrite(
    {
      write: async (change: RaiseAndResume) => {
        await writeBudget(sessionId, change)
        return commandTurn(sessionId, 'resume', change.turnId)
      },
      refresh: (queryClient) =>
        invalidateAll(queryClient, [budgetKey(sessionId), sessionKeys.turns(sessionId)]),
      refreshAfter: 'settled',
    },
    options,
  )
}
