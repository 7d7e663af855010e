import { describe, expect, it } from 'vitest'
import { sessionTabOf } from './session-tabs'

const tabOf = (search: string) => sessionTabOf(new URLSearchParams(search))

describe('sessionTabOf', () => {
  it('opens the tab the address names', () => {
    expect(tabOf('?tab=waterfall')).toBe('waterfall')
    expect(tabOf('?tab=budget&event=evt_1')).toBe('budget')
  })

  it('opens the event log for an event permalink or an event filter made before the transcript existed', () => {
    expect(tabOf('?event=evt_1')).toBe('events')
    expect(tabOf('?cat=tool')).toBe('events')
    expect(tabOf('?q=grep')).toBe('events')
  })

  it('opens the transcript otherwise, an unknown tab included', () => {
    expect(tabOf('')).toBe('transcript')
    expect(tabOf('?tab=nonsense')).toBe('transcript')
    expect(tabOf('?entry=turn_1')).toBe('transcript')
  })
})
