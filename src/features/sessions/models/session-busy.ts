import { statusLabel } from './status-label'
import type { components } from '@/api/schema.gen'
import { t } from '@/i18n'

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
  if (turn) return t('sessions.busy.turn', { turn: turn.id, status: statusLabel(turn.status) })
  const item = workItems.find(
    (candidate) => candidate.sessionId === sessionId && LIVE_WORK.has(candidate.status),
  )
  if (item) {
    return item.claimedBy
      ? t('sessions.busy.workClaimed', {
          work: item.id,
          status: statusLabel(item.status),
          worker: item.claimedBy,
        })
      : t('sessions.busy.work', { work: item.id, status: statusLabel(item.status) })
  }
  return null
}
