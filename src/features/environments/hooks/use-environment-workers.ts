import { useQuery } from '@tanstack/react-query'
import { handsStatusQuery, workItemsQuery } from '@/data/work/queries'
import { environmentWorkers, summarizeWorkerHealth } from '../models/environment-workers'
import { useNow } from '@/lib/use-now'

/** The workers of one environment with their health, refreshed as heartbeats arrive. */
export function useEnvironmentWorkers(environmentId: string, options: { enabled?: boolean } = {}) {
  const enabled = options.enabled ?? true
  const now = useNow(5_000)
  const work = useQuery({ ...workItemsQuery(environmentId), enabled })
  const hands = useQuery({ ...handsStatusQuery(), enabled })
  const heartbeats = hands.data?.workerHeartbeats ?? {}
  const workers = work.data ? environmentWorkers(work.data, heartbeats, now) : []
  return {
    now,
    workers,
    summary: summarizeWorkerHealth(workers),
    heartbeats,
    workItems: work.data,
    isPending: work.isPending || hands.isPending,
    error: work.error ?? hands.error,
    refetch: () => Promise.all([work.refetch(), hands.refetch()]),
  }
}
