import type { PublicEvent } from '@/data/sessions/types'
import { readText } from '@/lib/read-fields'

/** A child as its parent's log tells it: the newest `subagent.*` event about it wins. */
export type LoggedSubagent = {
  childId: string
  taskId: string | null
  status: string
  turnId: string | null
  startedAt: number
  updatedAt: number
}

/** Statuses after which a child's log gets nothing new: its lane is read once, not followed. */
const SETTLED = new Set(['completed', 'failed', 'cancelled', 'interrupted', 'error'])

export function isSettledSubagent(status: string): boolean {
  return SETTLED.has(status.toLowerCase())
}

/**
 * The children a session's log names, in the order they were started, as upstream's view folds
 * them (AgentSessionView.apply: `subagent.*` keyed by `childSessionId`). The parent's log is
 * live, so a child started or finished a moment ago appears or settles here at once.
 */
export function subagentsInLog(events: readonly PublicEvent[]): LoggedSubagent[] {
  const children = new Map<string, LoggedSubagent>()
  for (const event of events) {
    if (!event.type.startsWith('subagent.')) continue
    const childId = readText(event.data.childSessionId)
    if (childId === null) continue
    const previous = children.get(childId)
    const status =
      readText(event.data.status) ??
      (event.type === 'subagent.completed' ? 'completed' : (previous?.status ?? 'running'))
    children.set(childId, {
      childId,
      taskId: readText(event.data.taskId) ?? previous?.taskId ?? null,
      status,
      turnId: readText(event.data.turn_id) ?? previous?.turnId ?? null,
      startedAt: previous?.startedAt ?? event.created_at,
      updatedAt: event.created_at,
    })
  }
  return [...children.values()]
}
