/** The key of a submission that may still be retried, and what was submitted (as a fingerprint). */
export type PendingSubmission = { key: string; fingerprint: string }

/** FNV-1a over the text: enough to tell "the same submission" apart without keeping the text. */
export function fingerprintOf(text: string): string {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return `${text.length}:${(hash >>> 0).toString(16)}`
}

/**
 * The Idempotency-Key for submitting `text`: the pending one when the user retries the same
 * submission (after a timeout, an error or a reload), a fresh one for anything else. The pending
 * submission is cleared once the server accepted it, so sending the same words again later is a
 * new turn, as the user meant.
 */
export function keyForSubmission(
  pending: PendingSubmission | null,
  text: string,
  createKey: () => string,
): PendingSubmission {
  const fingerprint = fingerprintOf(text)
  if (pending && pending.fingerprint === fingerprint) return pending
  return { key: createKey(), fingerprint }
}
