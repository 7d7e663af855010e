import { describe, expect, it } from 'vitest'
import { formatClockTime, formatExactTime, formatRelativeTime } from './format-time'

const now = Date.UTC(2026, 10, 1, 9, 0, 0)

describe('formatRelativeTime', () => {
  it('picks the unit a person would say', () => {
    expect(formatRelativeTime(now - 5_000, now)).toBe('5 seconds ago')
    expect(formatRelativeTime(now - 3 * 60_000, now)).toBe('3 minutes ago')
    expect(formatRelativeTime(now - 2 * 3600_000, now)).toBe('2 hours ago')
    expect(formatRelativeTime(now - 86400_000, now)).toBe('yesterday')
  })

  it('never says a past event lies in the future, however far the clocks disagree', () => {
    expect(formatRelativeTime(now + 1_500, now)).toBe('now')
    expect(formatRelativeTime(now + 10 * 60_000, now)).toBe('now')
    expect(formatRelativeTime(now + 10 * 60_000, now, 'zh-CN')).toBe('现在')
  })

  it('formats for the chosen locale', () => {
    expect(formatRelativeTime(now - 3 * 60_000, now, 'zh-CN')).toBe('3分钟前')
    expect(formatExactTime(now, 'en')).toMatch(/2026/)
  })

  it('keeps each language apart once its formatter is reused', () => {
    expect(formatRelativeTime(now - 3 * 60_000, now, 'en')).toBe('3 minutes ago')
    expect(formatRelativeTime(now - 3 * 60_000, now, 'zh-CN')).toBe('3分钟前')
    expect(formatRelativeTime(now - 3 * 60_000, now, 'en')).toBe('3 minutes ago')
    expect(formatExactTime(now, 'zh-CN')).toMatch(/2026年/)
    expect(formatExactTime(now, 'en')).not.toMatch(/年/)
  })
})

describe('formatClockTime', () => {
  // Local time, as the formatter shows it.
  const at = new Date(2026, 10, 1, 21, 5, 7, 123).getTime()

  it('shows the time of day on a 24-hour clock, with milliseconds when asked', () => {
    expect(formatClockTime(at, {}, 'en')).toBe('21:05:07')
    expect(formatClockTime(at, { milliseconds: true }, 'en')).toBe('21:05:07.123')
  })

  it('keeps each language and precision apart once its formatter is reused', () => {
    expect(formatClockTime(at, { milliseconds: true }, 'zh-CN')).toBe('21:05:07.123')
    expect(formatClockTime(at, {}, 'zh-CN')).toBe('21:05:07')
    expect(formatClockTime(at, {}, 'en')).toBe('21:05:07')
  })
})
