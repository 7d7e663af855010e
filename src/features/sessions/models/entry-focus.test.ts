import { describe, expect, it } from 'vitest'
import { entryToFocus, type EntryFocusState } from './entry-focus'

describe('entryToFocus', () => {
  it('reads the entry a waterfall bar asked for', () => {
    const state: EntryFocusState = { focusEntry: 'tool:turn_1:toolu_1' }
    expect(entryToFocus(state)).toBe('tool:turn_1:toolu_1')
  })

  it('is none for the states other navigations leave (none, another shape)', () => {
    expect(entryToFocus(null)).toBeNull()
    expect(entryToFocus(undefined)).toBeNull()
    expect(entryToFocus({ from: '/sessions' })).toBeNull()
    expect(entryToFocus({ focusEntry: 3 })).toBeNull()
  })
})
