/**
 * The unsent text of a session's composer, kept in sessionStorage so a reload, a crash of the
 * tab's screen or a failed send never loses it. It lives under `asc.` like every draft, so an
 * explicit sign-out clears it (identity's auth store) and an expired session keeps it for the
 * same user.
 */
const storageName = (sessionId: string) => `asc.sessions.composer.${sessionId}`

export function loadComposerDraft(sessionId: string): string {
  try {
    return sessionStorage.getItem(storageName(sessionId)) ?? ''
  } catch {
    return ''
  }
}

export function saveComposerDraft(sessionId: string, text: string): void {
  try {
    if (text.trim()) sessionStorage.setItem(storageName(sessionId), text)
    else sessionStorage.removeItem(storageName(sessionId))
  } catch {
    // A full or blocked storage only costs the reload safety net; typing goes on.
  }
}
