import { describe, expect, it } from 'vitest'
import { LEADER_TIMEOUT_MS, shortcutFor, type KeyPress } from './shortcuts'

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  isTyping: false,
  isDialogOpen: false,
  areSingleKeysOn: true,
  ...extra,
})

describe('global shortcuts', () => {
  it('opens the palette with Ctrl-K or Cmd-K, even from a field, but not over a dialog', () => {
    expect(shortcutFor(press('k', { ctrlKey: true }), null, 0)).toEqual({ kind: 'palette' })
    expect(shortcutFor(press('K', { metaKey: true, isTyping: true }), null, 0)).toEqual({ kind: 'palette' })
    expect(shortcutFor(press('k', { ctrlKey: true, isDialogOpen: true }), null, 0)).toBeNull()
    expect(shortcutFor(press('k', { ctrlKey: true, altKey: true }), null, 0)).toBeNull()
  })

  it('shows help on ? but never while typing or inside a dialog', () => {
    expect(shortcutFor(press('?'), null, 0)).toEqual({ kind: 'help' })
    expect(shortcutFor(press('?', { isTyping: true }), null, 0)).toBeNull()
    expect(shortcutFor(press('?', { isDialogOpen: true }), null, 0)).toBeNull()
  })

  it('goes to a list with g then e, a or s, within the time limit', () => {
    expect(shortcutFor(press('g'), null, 0)).toEqual({ kind: 'leader' })
    expect(shortcutFor(press('e'), 1000, 1500)).toEqual({ kind: 'go', to: '/environments' })
    expect(shortcutFor(press('a'), 1000, 1500)).toEqual({ kind: 'go', to: '/agents' })
    expect(shortcutFor(press('s'), 1000, 1500)).toEqual({ kind: 'go', to: '/sessions' })
    expect(shortcutFor(press('s'), 1000, 1000 + LEADER_TIMEOUT_MS + 1)).toBeNull()
    expect(shortcutFor(press('e'), null, 1500)).toBeNull()
    expect(shortcutFor(press('x'), 1000, 1500)).toBeNull()
  })

  it('ignores every single key once they are turned off, but still opens the palette', () => {
    expect(shortcutFor(press('?', { areSingleKeysOn: false }), null, 0)).toBeNull()
    expect(shortcutFor(press('g', { areSingleKeysOn: false }), null, 0)).toBeNull()
    expect(shortcutFor(press('e', { areSingleKeysOn: false }), 1000, 1500)).toBeNull()
    expect(shortcutFor(press('k', { ctrlKey: true, areSingleKeysOn: false }), null, 0)).toEqual({
      kind: 'palette',
    })
  })
})
