import { describe, expect, it } from 'vitest'
import { sessionStatusLabel } from './session-status-label'

describe('sessionStatusLabel', () => {
  it('says a status in words', () => {
    expect(sessionStatusLabel('requires_action')).toBe('waiting for an answer')
    expect(sessionStatusLabel('running')).toBe('running')
  })

  it('spaces out a status it does not know', () => {
    expect(sessionStatusLabel('paused_by_admin')).toBe('paused by admin')
  })
})
