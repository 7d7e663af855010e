import { describe, expect, it } from 'vitest'
import { readSessionList } from './read-session-list'

const session = { id: 's1', agentId: 'a', status: 'idle', createdAt: 1, updatedAt: 1 }

describe('readSessionList', () => {
  it('accepts a bare array and a page', () => {
    expect(readSessionList([session], 0)).toEqual({ items: [session], nextOffset: null })
    expect(readSessionList({ items: [session], next_offset: 200 }, 100)).toEqual({
      items: [session],
      nextOffset: 200,
    })
  })

  it('stops on a next offset that does not move forward', () => {
    expect(readSessionList({ items: [], next_offset: 0 }, 0).nextOffset).toBeNull()
  })

  it('rejects anything else as malformed', () => {
    expect(() => readSessionList({ unexpected: true }, 0)).toThrow(/does not understand/)
  })
})
