import { describe, expect, it } from 'vitest'
import {
  readConfigField,
  readMemoryAccess,
  setConfigField,
  setMemoryAccess,
  withConfigValue,
} from './edit-config'

const original = {
  runnerLabels: { region: 'eu-west-1', hardware: { arch: 'arm64', gpu: null } },
  templateId: 'python',
  packages: ['jq'],
  sandboxTimeoutSeconds: 600,
}

describe('editing a config', () => {
  it('replaces one key in place and keeps every other value and the key order', () => {
    const next = setConfigField(original, 'templateId', 'base')
    expect(JSON.stringify(next)).toBe(JSON.stringify({ ...original, templateId: 'base' }))
    expect(next.runnerLabels).toBe(original.runnerLabels)
    expect(Object.keys(next)).toEqual(Object.keys(original))
  })

  it('removes a key when the field is emptied and appends new keys at the end', () => {
    expect(Object.keys(setConfigField(original, 'templateId', ''))).toEqual([
      'runnerLabels',
      'packages',
      'sandboxTimeoutSeconds',
    ])
    expect(Object.keys(setConfigField(original, 'isolationScope', 'USER')).at(-1)).toBe('isolationScope')
    expect(withConfigValue(original, 'absent', undefined)).toBe(original)
  })

  it('stores whole numbers as numbers and keeps anything else as typed for validation', () => {
    expect(setConfigField({}, 'sandboxTimeoutSeconds', '120')).toEqual({ sandboxTimeoutSeconds: 120 })
    expect(setConfigField({}, 'sandboxTimeoutSeconds', '2m')).toEqual({ sandboxTimeoutSeconds: '2m' })
    expect(setConfigField({}, 'templateId', 'my template ')).toEqual({ templateId: 'my template ' })
  })

  it('reads any stored value as text', () => {
    expect(readConfigField(original, 'sandboxTimeoutSeconds')).toBe('600')
    expect(readConfigField(original, 'packages')).toBe('["jq"]')
    expect(readConfigField(original, 'apiKey')).toBe('')
  })
})

describe('memoryAccess rows', () => {
  it('round-trips rows in order and removes the key when empty', () => {
    const config = { memoryAccess: { mem_b: 'read_only', mem_a: 'read_write' }, x: 1 }
    const rows = readMemoryAccess(config)
    expect(rows).toEqual([
      { storeId: 'mem_b', access: 'read_only' },
      { storeId: 'mem_a', access: 'read_write' },
    ])
    expect(setMemoryAccess(config, rows ?? [])).toEqual(config)
    expect(setMemoryAccess(config, [])).toEqual({ x: 1 })
  })

  it('refuses to edit a memoryAccess that is not an object', () => {
    expect(readMemoryAccess({ memoryAccess: 'all' })).toBeNull()
    expect(readMemoryAccess({})).toEqual([])
  })
})
