import { describe, expect, it } from 'vitest'
import { normalizeSessionList } from './session-list'

const session = (n: number) => ({ id: `s${n}`, agentId: 'a', status: 'active', createdAt: n, updatedAt: n })
const sessions = (from: number, count: number) => Array.from({ length: count }, (_, i) => session(from + i))

describe('normalizeSessionList', () => {
  it('pages a bare array by X-Total-Count (the upstream server), to the end', () => {
    const first = normalizeSessionList(sessions(0, 25), { offset: 0, limit: 25, totalHeader: '60' })
    expect(first).toMatchObject({ nextOffset: 25, total: 60 })
    expect(
      normalizeSessionList(sessions(25, 25), { offset: 25, limit: 25, totalHeader: '60' }),
    ).toMatchObject({ nextOffset: 50 })
    const last = normalizeSessionList(sessions(50, 10), { offset: 50, limit: 25, totalHeader: '60' })
    expect(last).toMatchObject({ nextOffset: null, total: 60 })
    expect(last.items).toHaveLength(10)
  })

  it('without the header, pages while a page comes back full', () => {
    expect(normalizeSessionList(sessions(0, 25), { offset: 0, limit: 25, totalHeader: null })).toMatchObject({
      nextOffset: 25,
      total: null,
    })
    expect(
      normalizeSessionList(sessions(25, 3), { offset: 25, limit: 25, totalHeader: null }).nextOffset,
    ).toBeNull()
    expect(normalizeSessionList([], { offset: 50, limit: 25, totalHeader: 'junk' }).nextOffset).toBeNull()
  })

  it('accepts {items, next_offset} (newest docs) and pages forward only', () => {
    const request = { offset: 0, limit: 25, totalHeader: null }
    expect(normalizeSessionList({ items: [session(1)], next_offset: 25 }, request)).toEqual({
      items: [session(1)],
      nextOffset: 25,
      total: null,
    })
    expect(
      normalizeSessionList({ items: [], next_offset: null }, { ...request, offset: 25 }).nextOffset,
    ).toBeNull()
    expect(
      normalizeSessionList({ items: [], next_offset: 25 }, { ...request, offset: 25 }).nextOffset,
    ).toBeNull()
  })

  it('rejects anything else with a readable error', () => {
    const request = { offset: 0, limit: 25, totalHeader: null }
    expect(() => normalizeSessionList({ sessions: [] }, request)).toThrow(/does not understand/)
    expect(() => normalizeSessionList('oops', request)).toThrow(/does not understand/)
  })
})
