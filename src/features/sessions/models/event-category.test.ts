import { describe, expect, it } from 'vitest'
import type { PublicEvent } from './event-store'
import { eventCategory, isErrorEvent } from './event-category'

const event = (type: string, data: Record<string, unknown> = {}): PublicEvent => ({
  schema_version: 1,
  id: 'e',
  type,
  session_id: 's',
  created_at: 0,
  cursor: 'c',
  data,
})

describe('eventCategory', () => {
  it('groups families and keeps unknown types under other', () => {
    expect(eventCategory('run.started')).toBe('turn')
    expect(eventCategory('item.delta')).toBe('message')
    expect(eventCategory('tool.completed')).toBe('tool')
    expect(eventCategory('required_action.created')).toBe('action')
    expect(eventCategory('usage.recorded')).toBe('usage')
    expect(eventCategory('session.status_idle')).toBe('session')
    expect(eventCategory('hologram.projected')).toBe('other')
  })
})

describe('isErrorEvent', () => {
  it('finds failed turns, runs and tools but not successes', () => {
    expect(isErrorEvent(event('turn.failed'))).toBe(true)
    expect(isErrorEvent(event('run.ended', { status: 'failed' }))).toBe(true)
    expect(isErrorEvent(event('run.ended', { status: 'suspended' }))).toBe(false)
    expect(isErrorEvent(event('tool.completed', { status: 'completed', result: { is_error: true } }))).toBe(
      true,
    )
    expect(isErrorEvent(event('tool.completed', { status: 'denied' }))).toBe(true)
    expect(isErrorEvent(event('tool.completed', { status: 'completed' }))).toBe(false)
    expect(isErrorEvent(event('turn.completed'))).toBe(false)
  })
})
