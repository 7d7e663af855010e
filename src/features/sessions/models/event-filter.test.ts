import { describe, expect, it } from 'vitest'
import type { PublicEvent } from './event-store'
import { eventFilterParams, isFilterActive, matchesEventFilter, parseEventFilter } from './event-filter'

const event = (type: string, data: Record<string, unknown> = {}): PublicEvent => ({
  schema_version: 1,
  id: `evt_${type}`,
  type,
  session_id: 's',
  created_at: 0,
  cursor: 'c',
  data,
})

describe('event filter', () => {
  it('keeps only its own part of the address, so selecting an event keeps the same filter', () => {
    const a = eventFilterParams(new URLSearchParams('event=evt_1&q=x&tab=events&cat=tool'))
    const b = eventFilterParams(new URLSearchParams('cat=tool&q=x&event=evt_2'))
    expect(a).toBe(b)
    expect(parseEventFilter(new URLSearchParams(a)).query).toBe('x')
  })

  it('reads categories, type and search from the URL, ignoring unknown categories', () => {
    const filter = parseEventFilter(new URLSearchParams('cat=tool,bogus&type=tool.completed&q=%20Env%20'))
    expect([...(filter.categories ?? [])]).toEqual(['tool'])
    expect(filter.type).toBe('tool.completed')
    expect(filter.query).toBe('Env')
    expect(isFilterActive(parseEventFilter(new URLSearchParams('')))).toBe(false)
  })

  it('matches on category, exact type and case-insensitive text in data', () => {
    const write = event('tool.requested', { name: 'write_file', input: { path: 'environment-check.txt' } })
    expect(matchesEventFilter(write, parseEventFilter(new URLSearchParams('cat=tool')))).toBe(true)
    expect(matchesEventFilter(write, parseEventFilter(new URLSearchParams('cat=message')))).toBe(false)
    expect(matchesEventFilter(write, parseEventFilter(new URLSearchParams('q=ENVIRONMENT-CHECK')))).toBe(true)
    expect(matchesEventFilter(write, parseEventFilter(new URLSearchParams('type=tool.completed')))).toBe(
      false,
    )
  })
})
