import type { PublicEvent } from './event-store'

export type OpenAction = {
  requestId: string
  turnId: string
  kind: string
  toolName: string | null
  toolInput: unknown
  createdEventId: string
  createdAt: number
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/**
 * Required actions nobody has answered: created and not yet accepted, resolved or rejected.
 * (`rejected` means delivery failed; the server reopens the request with a new `created` if it
 * still needs an answer.)
 */
export function openRequiredActions(events: readonly PublicEvent[]): OpenAction[] {
  const open = new Map<string, OpenAction>()
  for (const event of events) {
    if (!event.type.startsWith('required_action.')) continue
    const requestId = str(event.data.request_id)
    if (requestId === null) continue
    if (event.type !== 'required_action.created') {
      open.delete(requestId)
      continue
    }
    const toolCall = event.data.tool_call
    const call =
      typeof toolCall === 'object' && toolCall !== null ? (toolCall as Record<string, unknown>) : {}
    open.set(requestId, {
      requestId,
      turnId: str(event.data.turn_id) ?? '',
      kind: str(event.data.kind) ?? 'confirmation',
      toolName: str(call.name),
      toolInput: call.input,
      createdEventId: event.id,
      createdAt: event.created_at,
    })
  }
  return [...open.values()]
}
