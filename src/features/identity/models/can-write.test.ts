import { describe, expect, it } from 'vitest'
import { canWriteResources, READ_ONLY_REASON, readOnlyReason } from './can-write'
import { setLocale } from '@/i18n'

describe('canWriteResources', () => {
  it('allows developers and admins, not viewers or members', () => {
    expect(canWriteResources(['developer'])).toBe(true)
    expect(canWriteResources(['viewer', 'admin'])).toBe(true)
    expect(canWriteResources(['viewer'])).toBe(false)
    expect(canWriteResources(['member', 'operator'])).toBe(false)
    expect(canWriteResources([])).toBe(false)
  })
})

describe('readOnlyReason', () => {
  it('says the same as the English constant it replaces, and translates', async () => {
    expect(readOnlyReason()).toBe(READ_ONLY_REASON)
    await setLocale('zh-CN')
    try {
      expect(readOnlyReason()).toContain('查看者')
    } finally {
      await setLocale('en')
    }
  })
})
