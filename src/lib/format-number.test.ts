import { describe, expect, it } from 'vitest'
import { formatNumber } from './format-number'
import { setLocale } from '@/i18n'

describe('formatNumber', () => {
  it('groups digits for the active language', async () => {
    expect(formatNumber(100_000)).toBe('100,000')
    expect(formatNumber(1234.5, 'de-DE')).toBe('1.234,5')
    await setLocale('zh-CN')
    try {
      expect(formatNumber(100_000)).toBe('100,000')
    } finally {
      await setLocale('en')
    }
  })
})
