import type { WorkerPresence } from '@/data/work/worker-presence'

export type KeyRotation = {
  environmentId: string
  /** Server time of the rotation (the rotate response's `updatedAt`), comparable with heartbeats. */
  rotatedAt: number
  /** Workers connected (busy, idle or stale) when the key was rotated. */
  workerIds: string[]
}

export type CutoverWorker = { workerId: string; hasReconnected: boolean; lastSeenAt: number | null }

export type Cutover = { workers: CutoverWorker[]; reconnected: number; waiting: number; isComplete: boolean }

/**
 * After a rotation the old key fails at once, for polls and per-item heartbeats alike. So a
 * worker seen after the rotation time (a poll, or a claim that moved: `lastSeenAt` of its
 * presence) must be running with the new key. Workers are matched by id: a restarted worker that
 * took a new id shows up in the worker list instead.
 */
export function rotationCutover(
  rotation: KeyRotation,
  presenceOf: (workerId: string) => Pick<WorkerPresence, 'lastSeenAt'>,
): Cutover {
  const workers = rotation.workerIds.map((workerId) => {
    const { lastSeenAt } = presenceOf(workerId)
    return { workerId, lastSeenAt, hasReconnected: lastSeenAt !== null && lastSeenAt > rotation.rotatedAt }
  })
  const reconnected = workers.filter((worker) => worker.hasReconnected).length
  return {
    workers,
    reconnected,
    waiting: workers.length - reconnected,
    isComplete: reconnected === workers.length,
  }
}
