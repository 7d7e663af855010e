/**
 * Global shortcut decisions, separate from the DOM: which key press means what, given whether
 * the user is typing in a field and whether "g" was pressed just before.
 */
export type ShortcutAction =
  | { kind: 'palette' }
  | { kind: 'help' }
  | { kind: 'go'; to: '/environments' | '/agents' | '/sessions' }
  | { kind: 'leader' }

export type KeyPress = {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  /** Focus is in an input, textarea, select or editable element. */
  isTyping: boolean
  /** A dialog is open: no global shortcut applies. */
  isDialogOpen: boolean
  /** The user has not turned single-key shortcuts off (Ctrl/Cmd-K stays on). */
  areSingleKeysOn: boolean
}

/** How long after "g" the second key still counts. */
export const LEADER_TIMEOUT_MS = 1200

const GO_TARGETS: Record<string, '/environments' | '/agents' | '/sessions'> = {
  e: '/environments',
  a: '/agents',
  s: '/sessions',
}

/** Ctrl/Cmd-K, the palette's chord: the one shortcut that also works while typing. */
export function isPaletteChord(press: Pick<KeyPress, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return (press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === 'k'
}

export function shortcutFor(press: KeyPress, leaderAt: number | null, now: number): ShortcutAction | null {
  // A dialog keeps the keyboard to itself (its focus trap, its own Escape).
  if (press.isDialogOpen) return null
  // Ctrl/Cmd-K works even while typing: it is how people leave a field to jump elsewhere.
  if (isPaletteChord(press)) return { kind: 'palette' }
  if (!press.areSingleKeysOn || press.isTyping || press.ctrlKey || press.metaKey || press.altKey) return null
  if (leaderAt !== null && now - leaderAt <= LEADER_TIMEOUT_MS) {
    const to = GO_TARGETS[press.key.toLowerCase()]
    if (to) return { kind: 'go', to }
  }
  if (press.key === '?') return { kind: 'help' }
  if (press.key === 'g') return { kind: 'leader' }
  return null
}
