import { describe, expect, it } from 'vitest'
import { indexOfActiveRow } from './index-of-active-row'

const rows = ['a', 'b', 'c', 'd'].map((key) => ({ key }))

describe('indexOfActiveRow', () => {
  it('is none without an active row or without rows', () => {
    expect(indexOfActiveRow(rows, null)).toBeNull()
    expect(indexOfActiveRow([], { key: 'a', index: 0 })).toBeNull()
  })

  it('follows the row by key when rows were added before it', () => {
    expect(indexOfActiveRow(rows, { key: 'c', index: 2 })).toBe(2)
    expect(indexOfActiveRow(rows, { key: 'c', index: 0 })).toBe(2)
  })

  it('stays at the same place when the row is gone, within the list', () => {
    expect(indexOfActiveRow(rows, { key: 'x', index: 1 })).toBe(1)
    expect(indexOfActiveRow(rows, { key: 'x', index: 9 })).toBe(3)
  })
})
