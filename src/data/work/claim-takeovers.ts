import { isStaleClaim } from './worker-presence'
import type { WorkItem } from './types'

/**
 * A work item that changed hands: another worker's poll took it over after it went stale (C13).
 * The server records no `reclaimedFrom`, so the console sees a takeover only by watching an item's
 * `claimedBy` change between two reads.
 */
export type Takeover = { itemId: string; sessionId: string; from: string; to: string; at: number }

/** Who held each item at the last read, by item id. */
export type ClaimsSeen = ReadonlyMap<string, string>

/**
 * Compares a fresh read of work items with the claims seen before: the new claims to remember, and
 * the takeovers between the two reads. An item seen for the first time is no takeover.
 */
export function noteClaims(
  seen: ClaimsSeen,
  items: readonly WorkItem[],
): { seen: Map<string, string>; takeovers: Takeover[] } {
  const next = new Map(seen)
  const takeovers: Takeover[] = []
  for (const item of items) {
    if (!item.claimedBy) continue
    const before = seen.get(item.id)
    if (before !== undefined && before !== item.claimedBy)
      takeovers.push({
        itemId: item.id,
        sessionId: item.sessionId,
        from: before,
        to: item.claimedBy,
        at: item.updatedAt,
      })
    next.set(item.id, item.claimedBy)
  }
  return { seen: next, takeovers }
}

/**
 * Items whose claim went stale (no per-item heartbeat for 60 s): the next poll by another worker
 * takes them straight to `starting` under that worker (C13). Until someone polls they stay claimed
 * by the silent worker.
 */
export function pendingTakeovers(items: readonly WorkItem[], now: number): WorkItem[] {
  return items.filter((item) => isStaleClaim(item, now))
}
