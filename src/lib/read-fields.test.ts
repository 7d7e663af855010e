import { describe, expect, it } from 'vitest'
import { isRecord, readNumber, readString, readText, readTime } from './read-fields'

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

describe('readText, readString, readNumber, isRecord', () => {
  it('treat blank text, wrong types and broken numbers as absent', () => {
    expect(readText('  ')).toBeNull()
    expect(readText('')).toBeNull()
    expect(readText(' Release helper')).toBe(' Release helper')
    expect(readText(3)).toBeNull()
    expect(readString('')).toBe('')
    expect(readString(3)).toBeNull()
    expect(readNumber(Number.NaN)).toBeNull()
    expect(readNumber(Number.POSITIVE_INFINITY)).toBeNull()
    expect(readNumber('3')).toBeNull()
    expect(readNumber(0)).toBe(0)
    expect([{}, [], null, 'x'].map(isRecord)).toEqual([true, false, false, false])
  })
})
