/**
 * Writes text to the clipboard. Returns false when the browser refuses (no permission, insecure
 * origin), so the caller can ask the user to select and copy by hand. Never logs the text: it
 * may be a one-time key.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.clipboard) return false
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
