import { describe, expect, it } from 'vitest'
import { ApiError } from '@/api/api-error'
import { classifyInputFailure, intentBlocker } from './composer-intent'

describe('intentBlocker', () => {
  it('steering needs a running turn and a server that serves inputs; a new turn always goes', () => {
    expect(intentBlocker('steer', { runningTurnId: null, isInputsOffered: true })).toBe('no_running_turn')
    expect(intentBlocker('steer', { runningTurnId: 't', isInputsOffered: true })).toBeNull()
    expect(intentBlocker('inject', { runningTurnId: null, isInputsOffered: false })).toBe('not_offered')
    expect(intentBlocker('turn', { runningTurnId: null, isInputsOffered: false })).toBeNull()
  })
})

describe('classifyInputFailure', () => {
  it('tells a refused steer from a reused key, a lost answer and anything else', () => {
    const refused = new ApiError({ status: 409, message: 'The requested turn no longer accepts steering' })
    const reused = new ApiError({ status: 409, message: 'Idempotency key already used for different input' })
    expect(classifyInputFailure(refused, 'steer')).toBe('steer_refused')
    expect(classifyInputFailure(reused, 'steer')).toBe('key_conflict')
    expect(classifyInputFailure(new ApiError({ status: 503, message: 'down' }), 'inject')).toBe('lost')
    expect(classifyInputFailure(new ApiError({ status: 0, message: 'offline' }), 'steer')).toBe('lost')
    expect(classifyInputFailure(new ApiError({ status: 400, message: 'bad' }), 'steer')).toBe('other')
  })
})
