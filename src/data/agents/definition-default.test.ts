import { describe, expect, it } from 'vitest'
import { definitionDefault } from './definition-default'
import { ApiError } from '@/api/api-error'

const envelope = (defaultEnvironmentId: string | null | undefined) => ({
  agentId: 'agt_1',
  definition: { version: 1, name: 'a', defaultEnvironmentId },
})

describe('definitionDefault', () => {
  it('says "none" only after a definition was read without a default', () => {
    expect(definitionDefault({ status: 'pending', data: undefined, error: null })).toEqual({
      state: 'loading',
    })
    expect(definitionDefault({ status: 'success', data: envelope(null), error: null })).toEqual({
      state: 'none',
    })
    expect(definitionDefault({ status: 'success', data: envelope(''), error: null })).toEqual({
      state: 'none',
    })
    expect(definitionDefault({ status: 'success', data: envelope('env_1'), error: null })).toEqual({
      state: 'set',
      environmentId: 'env_1',
    })
  })

  it('tells a missing definition, a forbidden one and a failed read apart', () => {
    const error = (status: number) => new ApiError({ status, message: 'x' })
    expect(definitionDefault({ status: 'error', data: undefined, error: error(404) }).state).toBe(
      'no_definition',
    )
    expect(definitionDefault({ status: 'error', data: undefined, error: error(403) }).state).toBe('forbidden')
    const failed = error(502)
    expect(definitionDefault({ status: 'error', data: undefined, error: failed })).toEqual({
      state: 'unknown',
      error: failed,
    })
  })
})
