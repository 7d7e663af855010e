import { malformedField } from '@/api/response-guards'
import { isRecord, readNumber, readString } from '@/lib/read-fields'

/**
 * Checkpoint answers in console terms. Upstream's SessionCheckpointService lists opaque handles
 * (`cp_<eventId>`, the journal fact's time, turn, run and reason) and never the state itself; a
 * restore or fork answers a CheckpointReceipt.
 */
export type Checkpoint = {
  id: string
  /** `pending_cancelled`, an operator's restore reason…; null for a run's own checkpoint. */
  reason: string | null
  createdAt: number
  turnId: string | null
  runId: string | null
}

export type CheckpointPage = { checkpoints: Checkpoint[]; hasMore: boolean; nextCursor: string | null }

export type CheckpointReceipt = {
  sourceSessionId: string
  sessionId: string
  checkpointId: string
  operationId: string
}

export function decodeCheckpointPage(data: unknown): CheckpointPage {
  if (!isRecord(data) || !Array.isArray(data.data)) throw malformedField('checkpoints', 'data')
  const checkpoints = data.data.filter(isRecord).flatMap((item): Checkpoint[] => {
    const id = readString(item.checkpoint_id)
    if (id === null) return []
    return [
      {
        id,
        reason: readString(item.reason),
        createdAt: readNumber(item.created_at) ?? 0,
        turnId: readString(item.turn_id),
        runId: readString(item.run_id),
      },
    ]
  })
  return { checkpoints, hasMore: data.has_more === true, nextCursor: readString(data.next_cursor) }
}

export function decodeCheckpointReceipt(data: unknown): CheckpointReceipt {
  const what = 'checkpoint receipt'
  if (!isRecord(data)) throw malformedField(what, 'session_id')
  const sessionId = readString(data.session_id)
  const checkpointId = readString(data.checkpoint_id)
  if (sessionId === null) throw malformedField(what, 'session_id')
  if (checkpointId === null) throw malformedField(what, 'checkpoint_id')
  return {
    sourceSessionId: readString(data.source_session_id) ?? sessionId,
    sessionId,
    checkpointId,
    operationId: readString(data.operation_id) ?? '',
  }
}
