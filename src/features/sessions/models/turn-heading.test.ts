import { describe, expect, it } from 'vitest'
import { at, textContent as text } from '@/testing/session-events'
import { TranscriptBuilder } from './transcript-builder'
import { turnHeading } from './turn-heading'

describe('turnHeading', () => {
  it('names a turn by its number alone until its message is in the log, then by its words', () => {
    const builder = new TranscriptBuilder()
    const accepted = [at('turn.accepted', 1, { turn_id: 't1', status: 'queued' })]
    builder.sync(accepted)
    const header = builder.rows[0]
    const before = header?.rev
    expect(header?.kind === 'turn' && turnHeading(header.turn)).toBe('Turn 1')
    builder.sync([
      ...accepted,
      at('item.started', 2, {
        turn_id: 't1',
        item_id: 'u1',
        item: { role: 'user', type: 'message', content: text('List the files') },
      }),
    ])
    expect(header?.kind === 'turn' && turnHeading(header.turn)).toBe('Turn 1: List the files')
    // The header re-renders with its new name.
    expect(header?.rev).not.toBe(before)
  })

  it('calls what came before the first turn the session', () => {
    const builder = new TranscriptBuilder()
    builder.sync([at('session.status_terminated', 1, {}), at('custom.thing', 2, {})])
    const header = builder.rows[0]
    expect(header?.kind === 'turn' && turnHeading(header.turn)).toBe('Session')
  })
})
