import { describe, expect, it } from 'vitest'
import { decodeEnvironment, decodeEnvironmentList, decodeEnvironmentWithKey } from './decode-environment'
import { isApiError } from '@/api/api-error'

const upstream = {
  id: 'env_1',
  name: 'default-local',
  type: 'local',
  config: null,
  ownerId: 'u_alice',
  archivedAt: null,
  createdAt: 1_800_000_000_000,
  updatedAt: 1_800_000_100_000,
}

function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('did not throw')
}

describe('decodeEnvironment', () => {
  it('keeps a null config as null (created without one, C7)', () => {
    expect(decodeEnvironment(upstream)).toEqual({ ...upstream, config: null })
  })

  it('reads an absent or non-object config as none, and keeps an object config with unknown keys', () => {
    const { config: _config, ...withoutConfig } = upstream
    expect(decodeEnvironment(withoutConfig).config).toBeNull()
    expect(decodeEnvironment({ ...upstream, config: ['a'] }).config).toBeNull()
    const config = { isolationScope: 'USER', packages: ['git'], custom: { nested: true } }
    expect(decodeEnvironment({ ...upstream, config }).config).toEqual(config)
  })

  it('normalises ISO times to epoch ms and keeps an unknown type as sent', () => {
    const decoded = decodeEnvironment({
      ...upstream,
      type: 'docker',
      createdAt: '2026-11-30T08:00:00Z',
      updatedAt: '2026-11-30T09:00:00.000Z',
      archivedAt: '2026-12-01T00:00:00Z',
    })
    expect(decoded.type).toBe('docker')
    expect(decoded.createdAt).toBe(Date.UTC(2026, 10, 30, 8))
    expect(decoded.updatedAt).toBe(Date.UTC(2026, 10, 30, 9))
    expect(decoded.archivedAt).toBe(Date.UTC(2026, 11, 1))
  })

  it('never carries extra fields such as a key into the model', () => {
    expect(decodeEnvironment({ ...upstream, apiKey: 'ek_secret' })).not.toHaveProperty('apiKey')
  })

  it('refuses an answer without id, type or updatedAt as malformed', () => {
    for (const broken of [
      { ...upstream, id: 7 },
      { ...upstream, type: null },
      { ...upstream, updatedAt: 'x' },
    ]) {
      const error = thrown(() => decodeEnvironment(broken))
      expect(isApiError(error) && error.kind).toBe('malformed')
    }
    expect(isApiError(thrown(() => decodeEnvironmentList({ items: [] })))).toBe(true)
  })
})

describe('decodeEnvironmentWithKey', () => {
  it('splits the one-time key from the environment', () => {
    const { environment, apiKey } = decodeEnvironmentWithKey({ ...upstream, apiKey: 'ek_once' }, 'created')
    expect(apiKey).toBe('ek_once')
    expect(JSON.stringify(environment)).not.toContain('ek_once')
    expect(environment.config).toBeNull()
  })

  it('refuses a create answer without a key', () => {
    expect(isApiError(thrown(() => decodeEnvironmentWithKey(upstream, 'created')))).toBe(true)
  })
})
