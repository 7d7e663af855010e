import { shortcutFor, type ShortcutAction } from './models/shortcuts'
import { isDialogOpen, isTypingTarget } from '@/lib/keyboard-context'
import { useSingleKeyShortcuts } from '@/lib/single-key-shortcuts'

export type ShortcutHandler = (event: KeyboardEvent, isReplay: boolean) => void

/**
 * Reads key presses as the console's global shortcuts and reports each one that applies (never
 * the "g" leader itself, which only arms the next key). `isReplay` is a press that arrived while
 * this code was loading: its default was already dealt with, and its time is its own.
 */
export function createShortcutHandler(
  onAction: (action: Exclude<ShortcutAction, { kind: 'leader' }>) => void,
): ShortcutHandler {
  let leaderAt: number | null = null
  return (event, isReplay) => {
    if ((event.defaultPrevented && !isReplay) || event.isComposing) return
    // The event's own time (the clock performance.now() reads), so a replayed "g" then "e" keep
    // the gap the user left between them.
    const now = event.timeStamp
    const action = shortcutFor(
      {
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        altKey: event.altKey,
        isTyping: isTypingTarget(event.target),
        isDialogOpen: isDialogOpen(),
        areSingleKeysOn: useSingleKeyShortcuts.getState().isEnabled,
      },
      leaderAt,
      now,
    )
    leaderAt = action?.kind === 'leader' ? now : null
    if (!action || action.kind === 'leader') return
    if (!isReplay) event.preventDefault()
    onAction(action)
  }
}
