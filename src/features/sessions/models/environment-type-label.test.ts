import { describe, expect, it } from 'vitest'
import { environmentTypeLabel } from './environment-type-label'

describe('environmentTypeLabel', () => {
  it('names the four types in words, not as the server spells them', () => {
    expect(environmentTypeLabel('self_hosted')).toBe('Self-hosted')
    expect(environmentTypeLabel('sandbox')).toBe('Sandbox (E2B)')
    expect(environmentTypeLabel('local')).toBe('Local')
    expect(environmentTypeLabel('remote')).toBe('Remote files')
  })

  it('shows a type it does not know as sent', () => {
    expect(environmentTypeLabel('gpu_pool')).toBe('gpu_pool')
  })
})
