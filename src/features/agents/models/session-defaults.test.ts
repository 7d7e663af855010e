import { describe, expect, it } from 'vitest'
import { isSameSessionDefaults, readSessionDefaults } from './session-defaults'

describe('readSessionDefaults', () => {
  it('reads missing lists as empty and an empty id as none', () => {
    expect(readSessionDefaults({ version: 1, name: 'a', defaultEnvironmentId: '' })).toEqual({
      defaultEnvironmentId: null,
      defaultMemoryStoreIds: [],
      defaultVaultIds: [],
    })
  })
})

describe('isSameSessionDefaults', () => {
  const base = { defaultEnvironmentId: 'env_1', defaultMemoryStoreIds: ['m1', 'm2'], defaultVaultIds: [] }
  it('ignores the order of ids', () => {
    expect(isSameSessionDefaults(base, { ...base, defaultMemoryStoreIds: ['m2', 'm1'] })).toBe(true)
  })
  it('sees a changed environment or list', () => {
    expect(isSameSessionDefaults(base, { ...base, defaultEnvironmentId: null })).toBe(false)
    expect(isSameSessionDefaults(base, { ...base, defaultVaultIds: ['v1'] })).toBe(false)
  })
})
