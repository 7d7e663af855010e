// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { acceptsSingleKeyShortcut, useSingleKeyShortcuts } from './single-key-shortcuts'

function press(key: string, target: HTMLElement, extra: KeyboardEventInit = {}): KeyboardEvent {
  let seen: KeyboardEvent | undefined
  const listener = (event: KeyboardEvent) => {
    seen = event
  }
  target.addEventListener('keydown', listener)
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, ...extra }))
  target.removeEventListener('keydown', listener)
  if (!seen) throw new Error('no key event')
  return seen
}

afterEach(() => {
  document.body.replaceChildren()
  useSingleKeyShortcuts.getState().setEnabled(true)
})

describe('single-key shortcuts', () => {
  it('act on the page but not in a text field, with a modifier, or behind a dialog', () => {
    const button = document.body.appendChild(document.createElement('button'))
    const input = document.body.appendChild(document.createElement('input'))
    expect(acceptsSingleKeyShortcut(press('j', button))).toBe(true)
    expect(acceptsSingleKeyShortcut(press('j', input))).toBe(false)
    expect(acceptsSingleKeyShortcut(press('j', button, { altKey: true }))).toBe(false)
    const dialog = document.body.appendChild(document.createElement('div'))
    dialog.setAttribute('role', 'dialog')
    expect(acceptsSingleKeyShortcut(press('j', button))).toBe(false)
  })

  it('can be turned off, and the choice is saved in this browser', () => {
    const button = document.body.appendChild(document.createElement('button'))
    useSingleKeyShortcuts.getState().setEnabled(false)
    expect(acceptsSingleKeyShortcut(press('?', button))).toBe(false)
    expect(localStorage.getItem('asc.single-key-shortcuts')).toBe('off')
    useSingleKeyShortcuts.getState().setEnabled(true)
    expect(acceptsSingleKeyShortcut(press('?', button))).toBe(true)
    expect(localStorage.getItem('asc.single-key-shortcuts')).toBeNull()
  })
})
