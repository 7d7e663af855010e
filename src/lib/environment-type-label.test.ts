import { afterEach, describe, expect, it } from 'vitest'
import { environmentTypeLabel } from './environment-type-label'
import { setLocale } from '@/i18n'

afterEach(async () => {
  await setLocale('en')
})

describe('environmentTypeLabel', () => {
  it('names the four types in words, not as the server spells them', () => {
    expect(environmentTypeLabel('self_hosted')).toBe('Self-hosted')
    expect(environmentTypeLabel('sandbox')).toBe('Sandbox (E2B)')
    expect(environmentTypeLabel('local')).toBe('Local')
    expect(environmentTypeLabel('remote')).toBe('Remote files')
  })

  it('shows a type it does not know as sent', () => {
    expect(environmentTypeLabel('gpu_pool')).toBe('gpu_pool')
    expect(environmentTypeLabel('quantum')).toBe('quantum')
  })

  it('names them in the chosen language', async () => {
    await setLocale('zh-CN')
    expect(environmentTypeLabel('self_hosted')).toBe('自托管')
    expect(environmentTypeLabel('remote')).toBe('远程文件')
  })
})
