import type { PublicEvent } from './event-store'

/**
 * Turns with a tool call dispatched but not completed: a self-hosted worker still owes the
 * result, so the server refuses to resume them (409) until it arrives.
 */
export function turnsAwaitingTools(events: readonly PublicEvent[]): Set<string> {
  const open = new Map<string, Set<string>>()
  for (const event of events) {
    if (event.type !== 'tool.dispatched' && event.type !== 'tool.completed') continue
    const turnId = event.data.turn_id
    const callId = event.data.tool_call_id
    if (typeof turnId !== 'string' || typeof callId !== 'string') continue
    let calls = open.get(turnId)
    if (!calls) open.set(turnId, (calls = new Set()))
    if (event.type === 'tool.dispatched') calls.add(callId)
    else calls.delete(callId)
  }
  return new Set([...open].filter(([, calls]) => calls.size > 0).map(([turnId]) => turnId))
}
