import type { PublicEvent } from './event-store'

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

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null)
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0)

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
    const { data } = event
    const [family = '', verb = ''] = event.type.split('.', 2)
    const turnId = str(data.turn_id)
    if (family === 'turn' && turnId) state.turns[turnId] = verb
    else if (family === 'session' && verb.startsWith('status_'))
      state.sessionStatus = verb.slice('status_'.length)
    else if (family === 'tool') {
      const callId = str(data.tool_call_id)
      if (callId) {
        const key = `${str(data.name) ?? 'tool'} ${callId}`
        state.tools[key] = str(data.status) ?? verb
      }
    } else if (family === 'item' && verb !== 'delta') {
      const itemId = str(data.item_id)
      if (itemId) state.items[itemId] = verb === 'completed' ? 'completed' : 'in progress'
    } else if (family === 'required_action') {
      const requestId = str(data.request_id)
      if (requestId) state.requiredActions[requestId] = verb
    } else if (event.type === 'usage.recorded') {
      const usage =
        typeof data.usage === 'object' && data.usage !== null ? (data.usage as Record<string, unknown>) : {}
      state.usage.modelCalls += 1
      state.usage.inputTokens += num(usage.input_tokens)
      state.usage.outputTokens += num(usage.output_tokens)
    }
  }
  return state
}
