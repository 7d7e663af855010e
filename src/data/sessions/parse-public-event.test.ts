import { describe, expect, it } from 'vitest'
import { parsePublicEvent } from './parse-public-event'

const envelope = {
  schema_version: 1,
  id: 'evt_1',
  type: 'something.new',
  session_id: 's1',
  created_at: 5,
  cursor: 'c1',
  data: { x: 1 },
}

describe('parsePublicEvent', () => {
  it('keeps unknown event types', () => {
    expect(parsePublicEvent(JSON.stringify(envelope))?.type).toBe('something.new')
  })

  it('falls back to the SSE frame id for the cursor', () => {
    const { cursor: _cursor, ...rest } = envelope
    expect(parsePublicEvent(JSON.stringify(rest), 'c9')?.cursor).toBe('c9')
  })

  it('rejects other schema versions and broken frames', () => {
    expect(parsePublicEvent(JSON.stringify({ ...envelope, schema_version: 2 }))).toBeNull()
    expect(parsePublicEvent('{"id":')).toBeNull()
    expect(parsePublicEvent(JSON.stringify({ ...envelope, data: [] }))).toBeNull()
  })
})
