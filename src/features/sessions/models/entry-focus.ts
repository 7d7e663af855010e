/**
 * History state of an address that opened a transcript entry from another view (a waterfall bar):
 * the control that was pressed is gone with its tab, so the entry takes focus once it is shown.
 */
export type EntryFocusState = { focusEntry: string }

/** The entry an address asks the transcript to focus, from its history state (null for none). */
export function entryToFocus(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('focusEntry' in state)) return null
  return typeof state.focusEntry === 'string' ? state.focusEntry : null
}
