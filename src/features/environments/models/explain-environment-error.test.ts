import { describe, expect, it } from 'vitest'
import { explainEnvironmentError, isLocalDisabledError } from './explain-environment-error'
import { ApiError } from '@/api/api-error'

const error = (status: number, message: string) => new ApiError({ status, message })

describe('explainEnvironmentError', () => {
  it('explains the deployment refusing local environments', () => {
    const localDisabled = error(403, 'local environments are disabled by deployment policy')
    expect(isLocalDisabledError(localDisabled)).toBe(true)
    expect(explainEnvironmentError(localDisabled, 'create')).toContain('BUILDER_ALLOW_LOCAL_ENVIRONMENT')
  })

  it('puts 409s and 404s in words per action', () => {
    expect(explainEnvironmentError(error(409, 'environment is archived'), 'edit')).toContain('archived')
    expect(explainEnvironmentError(error(409, 'in use by 2 sessions'), 'delete')).toContain(
      'still in use (in use by 2 sessions)',
    )
    expect(explainEnvironmentError(error(404, 'environment env_x not found'), 'rotate')).toContain(
      'archived environments cannot get a new key',
    )
  })

  it('says what permission is missing and keeps other messages', () => {
    expect(explainEnvironmentError(error(403, 'forbidden'), 'archive')).toMatch(
      /^You do not have permission to archive/,
    )
    expect(explainEnvironmentError(error(400, 'name required'), 'create')).toBe(
      'The server rejected the input: name required. Correct it and try again.',
    )
    expect(explainEnvironmentError(new Error('boom'), 'edit')).toBe('boom')
  })
})
