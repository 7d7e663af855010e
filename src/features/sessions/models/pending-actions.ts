import type { PublicEvent } from './event-store'
import { requiredActionEventData } from '@/data/sessions/event-data'

export type OpenAction = {
  requestId: string
  turnId: string
  kind: string
  toolName: string | null
  toolInput: unknown
  createdEventId: string
  createdAt: number
}

/**
 * Required actions nobody has answered: created and not yet accepted, resolved or rejected.
 * (`rejected` means delivery failed; the server reopens the request with a new `created` if it
 * still needs an answer.)
 */
export function openRequiredActions(events: readonly PublicEvent[]): OpenAction[] {
  const open = new Map<string, OpenAction>()
  for (const event of events) {
    const action = requiredActionEventData(event)
    if (!action) continue
    if (action.verb !== 'created') {
      open.delete(action.requestId)
      continue
    }
    open.set(action.requestId, {
      requestId: action.requestId,
      turnId: action.turnId ?? '',
      kind: action.kind ?? 'confirmation',
      toolName: action.toolCall?.name ?? null,
      toolInput: action.toolCall?.input,
      createdEventId: event.id,
      createdAt: event.created_at,
    })
  }
  return [...open.values()]
}
