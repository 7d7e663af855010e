import { describe, expect, it } from 'vitest'
import { statusLabel } from './status-label'
import { setLocale } from '@/i18n'

describe('statusLabel', () => {
  it('spaces out known and unknown statuses alike in English', () => {
    expect(statusLabel('requires_action')).toBe('requires action')
    expect(statusLabel('cancel_requested')).toBe('cancel requested')
    expect(statusLabel('brand_new_state')).toBe('brand new state')
  })

  it('translates the known ones and keeps an unknown one as sent', async () => {
    await setLocale('zh-CN')
    try {
      expect(statusLabel('queued')).toBe('排队中')
      expect(statusLabel('brand_new_state')).toBe('brand new state')
    } finally {
      await setLocale('en')
    }
  })
})
