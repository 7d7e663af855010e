import { describe, expect, it } from 'vitest'
import { mayHaveActed } from './may-have-acted'
import { ApiError } from '@/api/api-error'

describe('mayHaveActed', () => {
  it('is true when the answer was lost or the server failed midway, false when it refused', () => {
    expect(mayHaveActed(new ApiError({ status: 0, message: 'offline' }))).toBe(true)
    expect(mayHaveActed(new ApiError({ status: 504, message: 'gateway timeout' }))).toBe(true)
    expect(mayHaveActed(new ApiError({ status: 500, message: 'boom' }))).toBe(true)
    expect(mayHaveActed(new ApiError({ status: 400, message: 'agent required' }))).toBe(false)
    expect(mayHaveActed(new ApiError({ status: 403, message: 'viewer' }))).toBe(false)
    expect(mayHaveActed(new Error('aborted'))).toBe(true)
  })
})
