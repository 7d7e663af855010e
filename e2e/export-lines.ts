/** Lines of a session export as the server writes them, for the offline viewer's specs. */
export function exportLines(sessionId: string) {
  let seq = 0
  const event = (type: string, data: Record<string, unknown>) => {
    seq += 1
    return JSON.stringify({
      schema_version: 1,
      id: `evt_${sessionId}_${seq}`,
      type,
      session_id: sessionId,
      created_at: 1_767_000_000_000 + seq * 1000,
      cursor: `cur_${seq}`,
      data,
    })
  }
  /** A message item of turn_1. */
  const message = (id: string, role: 'user' | 'assistant', text: string) =>
    event('item.completed', {
      turn_id: 'turn_1',
      item_id: id,
      item: { id, type: 'message', role, content: [{ type: 'text', text }] },
    })
  return { event, message }
}
