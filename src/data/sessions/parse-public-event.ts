import type { PublicEvent } from './types'
import { isRecord } from '@/lib/read-fields'

/**
 * Reads one SSE `data:` payload as a durable event envelope. Anything that is not a v1 envelope
 * (another schema version, a half-written frame) returns null: applying it could move the cursor
 * to a position the server does not know. Unknown event types are kept.
 */
export function parsePublicEvent(text: string, frameId?: string): PublicEvent | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  return parsePublicEventValue(value, frameId)
}

/** A parsed value as a durable event envelope (an SSE frame's, or one entry of an event page); null when it is not one. */
export function parsePublicEventValue(value: unknown, frameId?: string): PublicEvent | null {
  if (!isRecord(value) || value.schema_version !== 1) return null
  const { id, type, session_id, created_at, data } = value
  const cursor = typeof value.cursor === 'string' ? value.cursor : frameId
  if (
    typeof id !== 'string' ||
    typeof type !== 'string' ||
    typeof session_id !== 'string' ||
    typeof created_at !== 'number' ||
    typeof cursor !== 'string' ||
    !isRecord(data)
  ) {
    return null
  }
  return { schema_version: 1, id, type, session_id, created_at, cursor, data }
}
