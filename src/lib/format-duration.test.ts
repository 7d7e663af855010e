import { describe, expect, it } from 'vitest'
import { formatDuration } from './format-duration'
import { setLocale } from '@/i18n'

describe('formatDuration', () => {
  it('uses the largest sensible unit', () => {
    expect(formatDuration(-5)).toBe('0 s')
    expect(formatDuration(44_600)).toBe('45 s')
    expect(formatDuration(3 * 60_000 + 5_000)).toBe('3 min')
    expect(formatDuration(2 * 3_600_000)).toBe('2 h')
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000)).toBe('2 h 5 min')
    expect(formatDuration(3 * 86_400_000)).toBe('3 d')
  })

  it('speaks the chosen language', async () => {
    await setLocale('zh-CN')
    try {
      expect(formatDuration(3 * 60_000)).toBe('3 分钟')
      expect(formatDuration(2 * 3_600_000 + 5 * 60_000)).toBe('2 小时 5 分钟')
    } finally {
      await setLocale('en')
    }
  })
})
