import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor, resolveCursor, type LogWindow } from './cursor'

const log: LogWindow = { sessionId: 'sess_a', headSeq: 50, retainedFromSeq: 0, expireCompacted: true }

describe('event cursors', () => {
  it('round-trips a session and sequence and looks opaque', () => {
    const cursor = encodeCursor('sess_a', 42)
    expect(cursor).not.toContain('sess_a')
    expect(cursor).not.toContain('42')
    expect(decodeCursor(cursor)).toEqual({ sessionId: 'sess_a', seq: 42 })
  })

  it('continues after the cursor, and from the start without one', () => {
    expect(resolveCursor(encodeCursor('sess_a', 7), log)).toEqual({ ok: true, afterSeq: 7 })
    expect(resolveCursor(encodeCursor('sess_a', 50), log)).toEqual({ ok: true, afterSeq: 50 })
    expect(resolveCursor(encodeCursor('sess_a', 0), log)).toEqual({ ok: true, afterSeq: 0 })
    expect(resolveCursor(null, log)).toEqual({ ok: true, afterSeq: 0 })
    expect(resolveCursor('', log)).toEqual({ ok: true, afterSeq: 0 })
  })

  it.each([
    'garbage',
    'c1_',
    'c1_!!!',
    `c1_${btoa('sess_a:-1')}`,
    `c1_${btoa('sess_a:01')}`,
    `c1_${btoa('sess_a')}`,
    '42',
  ])('answers 400 for the malformed cursor %s', (cursor) => {
    expect(resolveCursor(cursor, log)).toMatchObject({ ok: false, status: 400, code: 'invalid_cursor' })
  })

  it('answers 400 for another session’s cursor', () => {
    expect(resolveCursor(encodeCursor('sess_b', 3), log)).toMatchObject({
      ok: false,
      status: 400,
      message: expect.stringContaining('another session') as unknown,
    })
  })

  it('answers 409 for a cursor ahead of the head', () => {
    expect(resolveCursor(encodeCursor('sess_a', 51), log)).toMatchObject({ ok: false, status: 409 })
  })

  it('answers 410 cursor_expired for compacted positions and starts at the oldest retained event', () => {
    const compacted = { ...log, retainedFromSeq: 20 }
    expect(resolveCursor(encodeCursor('sess_a', 19), compacted)).toMatchObject({
      ok: false,
      status: 410,
      code: 'cursor_expired',
    })
    expect(resolveCursor(encodeCursor('sess_a', 0), compacted)).toMatchObject({ ok: false, status: 410 })
    expect(resolveCursor(encodeCursor('sess_a', 20), compacted)).toEqual({ ok: true, afterSeq: 20 })
    expect(resolveCursor(undefined, compacted)).toEqual({ ok: true, afterSeq: 19 })
  })
})
