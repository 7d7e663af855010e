import type { PublicEvent } from './event-store'
import { eventToolCall } from '@/data/sessions/event-data'

/**
 * Turns with a tool call dispatched but not completed: a self-hosted worker still owes the
 * result, so the server refuses to resume them (409) until it arrives.
 */
export function turnsAwaitingTools(events: readonly PublicEvent[]): Set<string> {
  const open = new Map<string, Set<string>>()
  for (const event of events) {
    if (event.type !== 'tool.dispatched' && event.type !== 'tool.completed') continue
    const call = eventToolCall(event)
    const turnId = call?.turnId
    if (!call || !turnId) continue
    const callId = call.toolCallId
    let calls = open.get(turnId)
    if (!calls) open.set(turnId, (calls = new Set()))
    if (event.type === 'tool.dispatched') calls.add(callId)
    else calls.delete(callId)
  }
  return new Set([...open].filter(([, calls]) => calls.size > 0).map(([turnId]) => turnId))
}
