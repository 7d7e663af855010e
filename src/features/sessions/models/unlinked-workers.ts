import { POLL_FRESH_MS, type WorkerPresence } from '@/data/work/worker-presence'

/**
 * Workers that polled recently but never claimed work on this environment. Heartbeats do not name
 * an environment (C12), so such a worker may serve this one (new, nothing queued yet) or another.
 */
export function unlinkedPollingWorkers(
  workers: readonly Pick<WorkerPresence, 'workerId'>[],
  heartbeats: Readonly<Record<string, number>>,
  now: number,
): string[] {
  const known = new Set(workers.map((worker) => worker.workerId))
  return Object.entries(heartbeats)
    .filter(([workerId, at]) => !known.has(workerId) && now - at < POLL_FRESH_MS)
    .map(([workerId]) => workerId)
    .sort()
}
