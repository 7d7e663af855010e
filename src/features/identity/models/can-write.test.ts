import { describe, expect, it } from 'vitest'
import { canWriteResources, readOnlyReason } from './can-write'
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
  it('says what a viewer can do and whom to ask, and translates', async () => {
    expect(readOnlyReason()).toBe(
      'Your role (viewer) can inspect resources but not change them. Ask an admin for the developer role.',
    )
    await setLocale('zh-CN')
    try {
      expect(readOnlyReason()).toContain('查看者')
    } finally {
      await setLocale('en')
    }
  })
})
