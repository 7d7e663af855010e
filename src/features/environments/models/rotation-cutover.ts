export type KeyRotation = {
  environmentId: string
  /** Server time of the rotation (the rotate response's `updatedAt`), comparable with heartbeats. */
  rotatedAt: number
  /** Workers connected (online or stale) when the key was rotated. */
  workerIds: string[]
}

export type CutoverWorker = { workerId: string; hasReconnected: boolean; lastHeartbeatAt: number | null }

export type Cutover = { workers: CutoverWorker[]; reconnected: number; waiting: number; isComplete: boolean }

/**
 * After a rotation the old key fails at once, so a worker that heartbeats after the rotation
 * time must be running with the new key. Workers are matched by id: a restarted worker that
 * took a new id shows up in the worker list instead.
 */
export function rotationCutover(
  rotation: KeyRotation,
  heartbeats: Readonly<Record<string, number>>,
): Cutover {
  const workers = rotation.workerIds.map((workerId) => {
    const at = Object.hasOwn(heartbeats, workerId) ? heartbeats[workerId] : undefined
    return {
      workerId,
      lastHeartbeatAt: at ?? null,
      hasReconnected: at !== undefined && at > rotation.rotatedAt,
    }
  })
  const reconnected = workers.filter((worker) => worker.hasReconnected).length
  return {
    workers,
    reconnected,
    waiting: workers.length - reconnected,
    isComplete: reconnected === workers.length,
  }
}
