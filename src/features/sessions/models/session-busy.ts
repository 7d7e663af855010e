import { statusLabel } from './status-label'
import type { Turn, TurnStatus } from '@/data/sessions/types'
import type { WorkItem, WorkItemStatus } from '@/data/work/types'
import { t } from '@/i18n'

const OPEN_TURN: ReadonlySet<TurnStatus> = new Set([
  'queued',
  'running',
  'requires_action',
  'cancel_requested',
])
const LIVE_WORK: ReadonlySet<WorkItemStatus> = new Set(['queued', 'starting', 'active', 'stopping'])

/**
 * The session's turns that are still going (queued, running, waiting for an answer or a worker,
 * or being cancelled), oldest first. The server archives or deletes a session whatever runs in it
 * (C18), so the console asks first.
 */
export function openTurns(turns: readonly Turn[]): Turn[] {
  return turns.filter((turn) => OPEN_TURN.has(turn.status)).sort((a, b) => a.createdAt - b.createdAt)
}

/**
 * Why the session's resources cannot change right now (null when they can): the server refuses a
 * PATCH (409) while a turn is open or a worker still holds the session's work.
 */
export function sessionBusyReason(
  sessionId: string,
  turns: readonly Turn[],
  workItems: readonly WorkItem[],
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
