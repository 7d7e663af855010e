// Where the keyboard is, for shortcuts; a module of its own (no store) so the shell's first code can ask.

/** Focus is somewhere a typed character belongs to: a field, an editable element, a select. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/** A dialog is open: it keeps the keyboard to itself (its focus trap, its own Escape). */
export function isDialogOpen(): boolean {
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null
}
