import type { components } from '@/api/schema.gen'

type Schemas = components['schemas']

const OPEN_TURN: ReadonlySet<Schemas['TurnStatus']> = new Set([
  'queued',
  'running',
  'requires_action',
  'cancel_requested',
])
const LIVE_WORK: ReadonlySet<Schemas['WorkItemStatus']> = new Set([
  'queued',
  'starting',
  'active',
  'stopping',
])

/**
 * Why the session's resources cannot change right now (null when they can): the server refuses a
 * PATCH (409) while a turn is open or a worker still holds the session's work.
 */
export function sessionBusyReason(
  sessionId: string,
  turns: readonly Schemas['Turn'][],
  workItems: readonly Schemas['WorkItem'][],
): string | null {
  const turn = turns.find((candidate) => OPEN_TURN.has(candidate.status))
  if (turn) return `Turn ${turn.id} is ${turn.status.replace('_', ' ')}; let it finish or cancel it first.`
  const item = workItems.find(
    (candidate) => candidate.sessionId === sessionId && LIVE_WORK.has(candidate.status),
  )
  if (item) {
    return `Work item ${item.id} is ${item.status}${item.claimedBy ? ` (worker ${item.claimedBy})` : ''}; wait until the worker has stopped.`
  }
  return null
}
