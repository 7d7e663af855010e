import { describe, expect, it } from 'vitest'
import { normalizeTurnList } from './turn-list'

const turn = { id: 't1', sessionId: 's1', status: 'queued' as const, createdAt: 1 }

describe('normalizeTurnList', () => {
  it('accepts a bare array and a page object', () => {
    expect(normalizeTurnList([turn])).toEqual([turn])
    expect(normalizeTurnList({ items: [turn], next_offset: null })).toEqual([turn])
  })

  it('rejects anything else with a readable error', () => {
    expect(() => normalizeTurnList({ turns: [] })).toThrow(/does not understand/)
  })
})
