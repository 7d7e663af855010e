import type { PublicEvent } from '@/data/sessions/types'

/** Event sequences shaped like the server's, for the models' unit tests. */
let seq = 0
export const at = (type: string, time: number, data: Record<string, unknown>): PublicEvent => ({
  schema_version: 1,
  id: `evt_${(seq += 1)}`,
  type,
  session_id: 's1',
  created_at: time,
  cursor: `c${seq}`,
  data,
})

/** Message content as the server sends it: one text block. */
export const textContent = (value: string) => [{ type: 'text', text: value }]

/** A turn as the server starts it: turn.accepted, then the user's message as one completed item. */
export const userTurn = (turnId: string, time: number, message: string): PublicEvent[] => [
  at('turn.accepted', time, { turn_id: turnId, status: 'queued' }),
  at('item.completed', time, {
    turn_id: turnId,
    item_id: `u-${turnId}`,
    item: { role: 'user', type: 'message', content: textContent(message) },
  }),
]

/** A self-hosted call as the server logs it: suspension, a worker's result, the turn resuming. */
export function selfHostedCall(turnId: string, callId: string, start: number): PublicEvent[] {
  const tool = { turn_id: turnId, tool_call_id: callId, name: 'write_file' }
  return [
    at('tool.requested', start, {
      ...tool,
      input: { path: 'environment-check.txt', content: 'ok' },
      status: 'requested',
    }),
    at('tool.dispatched', start + 10, { ...tool, status: 'dispatched' }),
    at('turn.requires_action', start + 20, {
      turn_id: turnId,
      status: 'requires_action',
      reason: 'waiting_for_worker',
    }),
    at('run.ended', start + 25, { turn_id: turnId, run_id: 'r1', status: 'suspended' }),
    at('tool.delta', start + 4000, {
      ...tool,
      status: 'running',
      output: [{ type: 'text', text: 'Wrote 2 ' }],
    }),
    at('tool.completed', start + 4100, {
      ...tool,
      status: 'completed',
      output: [{ type: 'text', text: 'Wrote 2 bytes' }],
      result: { content: 'Wrote 2 bytes', is_error: false },
    }),
    at('turn.queued', start + 4200, { turn_id: turnId, status: 'queued', reason: 'tool_result' }),
    at('run.started', start + 4300, { turn_id: turnId, run_id: 'r2' }),
  ]
}
