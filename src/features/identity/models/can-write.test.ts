import { describe, expect, it } from 'vitest'
import { canWriteResources } from './can-write'

describe('canWriteResources', () => {
  it('allows developers and admins, not viewers or members', () => {
    expect(canWriteResources(['developer'])).toBe(true)
    expect(canWriteResources(['viewer', 'admin'])).toBe(true)
    expect(canWriteResources(['viewer'])).toBe(false)
    expect(canWriteResources(['member', 'operator'])).toBe(false)
    expect(canWriteResources([])).toBe(false)
  })
})
