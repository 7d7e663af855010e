import { describe, expect, it } from 'vitest'
import { ENVIRONMENT_TYPES, environmentTypeInfo, isEnvironmentType } from './environment-types'

describe('environment types', () => {
  it('knows the four server types and that only remote has no shell', () => {
    expect([...ENVIRONMENT_TYPES].sort()).toEqual(['local', 'remote', 'sandbox', 'self_hosted'])
    expect(ENVIRONMENT_TYPES.filter((type) => !environmentTypeInfo(type).hasShell)).toHaveLength(1)
    expect(environmentTypeInfo('remote').hasShell).toBe(false)
  })

  it('rejects unknown type strings', () => {
    expect(isEnvironmentType('self_hosted')).toBe(true)
    expect(isEnvironmentType('docker')).toBe(false)
    expect(isEnvironmentType('__proto__')).toBe(false)
  })
})
