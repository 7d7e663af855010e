import type { components } from '@/api/schema.gen'

type Schemas = components['schemas']

export type WorkItemStatus = 'queued' | 'starting' | 'active' | 'stopping' | 'stopped'

/**
 * A unit of self-hosted work as the console models it, decoded from whatever the server sent
 * (`decode-work-item.ts`). Times are epoch milliseconds.
 */
export type WorkItem = {
  /** Work id, which is also the lease id (`workId` and `leaseId` repeat it upstream). */
  id: string
  sessionId: string
  environmentId: string
  ownerId: string
  status: WorkItemStatus
  /** The worker holding the claim (kept after a stop); null while queued. */
  claimedBy: string | null
  /** The worker's working directory for this session. */
  workDir: string | null
  createdAt: number
  /** Bumped by ack, heartbeat and update; 60 s without a change make a claim stale. */
  updatedAt: number
  /** Staging hints, only on a poll's answer (`{}` elsewhere). */
  metadata: Record<string, unknown>
}

export type WorkStats = Schemas['WorkStats']
export type HandsStatus = Schemas['HandsStatus']
