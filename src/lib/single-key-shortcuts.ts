import { create } from 'zustand'
import { isDialogOpen, isTypingTarget } from './keyboard-context'

export { isDialogOpen, isTypingTarget } from './keyboard-context'

/**
 * Single-character shortcuts (`?`, `g` then e/a/s, `j`/`k`) can be turned off, as WCAG 2.1.4
 * asks: a speech-input user says words that the console would otherwise read as commands. The
 * choice is saved in this browser. Shortcuts with Ctrl/Cmd are not affected.
 */
const STORAGE_NAME = 'asc.single-key-shortcuts'

function readEnabled(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_NAME) !== 'off'
  } catch {
    return true
  }
}

type SingleKeyShortcutsState = { isEnabled: boolean; setEnabled: (isEnabled: boolean) => void }

export const useSingleKeyShortcuts = create<SingleKeyShortcutsState>()((set) => ({
  isEnabled: readEnabled(),
  setEnabled: (isEnabled) => {
    try {
      if (isEnabled) localStorage.removeItem(STORAGE_NAME)
      else localStorage.setItem(STORAGE_NAME, 'off')
    } catch {
      // Storage refused (private mode, quota): the choice holds for this visit.
    }
    set({ isEnabled })
  },
}))

/**
 * Whether a key press with no modifier may act as a single-key shortcut: they are on, focus is
 * not in a text field, and no dialog is open.
 */
export function acceptsSingleKeyShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing) return false
  if (event.altKey || event.ctrlKey || event.metaKey) return false
  if (!useSingleKeyShortcuts.getState().isEnabled) return false
  if (isTypingTarget(event.target)) return false
  return !isDialogOpen()
}
