import { describe, expect, it } from 'vitest'
import { truncateText } from './truncate-text'

describe('truncateText', () => {
  it('keeps a short text whole', () => {
    expect(truncateText('hello', 10)).toEqual({ text: 'hello', isTruncated: false, hidden: 0 })
  })

  it('cuts a long text and says how much is hidden', () => {
    const result = truncateText('x'.repeat(5_000_000), 20_000)
    expect(result.text).toHaveLength(20_000)
    expect(result).toMatchObject({ isTruncated: true, hidden: 4_980_000 })
  })

  it('never splits a surrogate pair', () => {
    const result = truncateText('ab😀cd', 3)
    expect(result.text).toBe('ab')
    expect(result.hidden).toBe(4)
  })
})
