import type { PublicEvent } from './event-store'
import {
  eventFamily,
  eventTurnId,
  eventVerb,
  itemEventData,
  requiredActionEventData,
  toolEventData,
  usageEventData,
} from '@/data/sessions/event-data'

/** The session as of one point in its log: what a snapshot at that event would hold, summarised. */
export type SessionState = {
  atEventId: string | null
  at: number | null
  sessionStatus: string | null
  turns: Record<string, string>
  tools: Record<string, string>
  items: Record<string, string>
  requiredActions: Record<string, string>
  usage: { modelCalls: number; inputTokens: number; outputTokens: number }
}

/** Folds events `0..endIndex` (inclusive) into a summary of turns, tools, items, actions and usage. */
export function foldSessionState(events: readonly PublicEvent[], endIndex: number): SessionState {
  const state: SessionState = {
    atEventId: null,
    at: null,
    sessionStatus: null,
    turns: {},
    tools: {},
    items: {},
    requiredActions: {},
    usage: { modelCalls: 0, inputTokens: 0, outputTokens: 0 },
  }
  const last = Math.min(endIndex, events.length - 1)
  for (let index = 0; index <= last; index += 1) {
    const event = events[index]
    if (!event) continue
    state.atEventId = event.id
    state.at = event.created_at
    const family = eventFamily(event.type)
    const verb = eventVerb(event.type)
    const turnId = eventTurnId(event)
    if (family === 'turn') {
      if (turnId) state.turns[turnId] = verb
      continue
    }
    if (family === 'session') {
      if (verb.startsWith('status_')) state.sessionStatus = verb.slice('status_'.length)
      continue
    }
    const tool = toolEventData(event)
    if (tool) {
      if (tool.call) state.tools[`${tool.name ?? 'tool'} ${tool.call.toolCallId}`] = tool.status ?? verb
      continue
    }
    const item = itemEventData(event)
    if (item) {
      if (verb !== 'delta' && item.itemId) {
        state.items[item.itemId] = verb === 'completed' ? 'completed' : 'in progress'
      }
      continue
    }
    const action = requiredActionEventData(event)
    if (action) {
      state.requiredActions[action.requestId] = action.verb
      continue
    }
    const usage = usageEventData(event)
    if (usage) {
      state.usage.modelCalls += 1
      state.usage.inputTokens += usage.inputTokens ?? 0
      state.usage.outputTokens += usage.outputTokens ?? 0
    }
  }
  return state
}
