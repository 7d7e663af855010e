import { describe, expect, it } from 'vitest'
import { normalizeSessionList } from './session-list'

const session = { id: 's1', agentId: 'a', status: 'active', createdAt: 1, updatedAt: 2 }

describe('normalizeSessionList', () => {
  it('accepts the spec 1.0.0 bare array (no paging)', () => {
    expect(normalizeSessionList([session], 0)).toEqual({ items: [session], nextOffset: null })
  })

  it('accepts {items, next_offset} and pages forward only', () => {
    expect(normalizeSessionList({ items: [session], next_offset: 25 }, 0)).toEqual({
      items: [session],
      nextOffset: 25,
    })
    expect(normalizeSessionList({ items: [], next_offset: null }, 25)).toEqual({
      items: [],
      nextOffset: null,
    })
    expect(normalizeSessionList({ items: [], next_offset: 25 }, 25).nextOffset).toBeNull()
  })

  it('rejects anything else with a readable error', () => {
    expect(() => normalizeSessionList({ sessions: [] }, 0)).toThrow(/does not understand/)
    expect(() => normalizeSessionList('oops', 0)).toThrow(/does not understand/)
  })
})
