import { describe, expect, it } from 'vitest'
import { readText, readTime } from './decode-fields'

describe('readTime', () => {
  it('reads epoch milliseconds and ISO-8601 strings as the same instant', () => {
    const at = Date.UTC(2026, 10, 30, 8, 15, 0)
    expect(readTime(at)).toBe(at)
    expect(readTime('2026-11-30T08:15:00Z')).toBe(at)
    expect(readTime('2026-11-30T16:15:00+08:00')).toBe(at)
    expect(readTime(String(at))).toBe(at)
  })

  it('is null for what is not a time', () => {
    expect(readTime(null)).toBeNull()
    expect(readTime(undefined)).toBeNull()
    expect(readTime('')).toBeNull()
    expect(readTime('yesterday')).toBeNull()
    expect(readTime(Number.NaN)).toBeNull()
    expect(readTime({})).toBeNull()
  })
})

describe('readText', () => {
  it('treats blank strings as absent', () => {
    expect(readText('  ')).toBeUndefined()
    expect(readText('Release helper')).toBe('Release helper')
    expect(readText(3)).toBeUndefined()
  })
})
