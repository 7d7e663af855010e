import { useCallback } from 'react'
import { fingerprintOf, keyForSubmission } from '../models/submission-key'
import { usePendingSubmissionsStore } from '../stores/pending-submissions-store'
import { createIdempotencyKey } from '@/lib/idempotency-key'

/**
 * Runs a submission with an Idempotency-Key that survives failures and reloads: retrying the
 * same content (same scope and fingerprint) reuses the key, so the server answers with what it
 * already accepted instead of creating a second turn. Once accepted, the key is forgotten.
 */
export function useIdempotentSubmit(scope: string) {
  const pending = usePendingSubmissionsStore((state) => state.pending)
  const remember = usePendingSubmissionsStore((state) => state.remember)
  const forget = usePendingSubmissionsStore((state) => state.forget)

  const submit = useCallback(
    async <T>(content: string, send: (idempotencyKey: string) => Promise<T>): Promise<T> => {
      const slot = `${scope}:${fingerprintOf(content)}`
      const submission = keyForSubmission(pending[slot] ?? null, content, () =>
        createIdempotencyKey(scope.split(':')[0]),
      )
      remember(slot, submission)
      const result = await send(submission.key)
      forget(slot)
      return result
    },
    [scope, pending, remember, forget],
  )
  /** Whether this content has an unconfirmed earlier attempt (so the button can say "Retry"). */
  const isPending = useCallback(
    (content: string) => `${scope}:${fingerprintOf(content)}` in pending,
    [scope, pending],
  )
  /**
   * Drops the content's unconfirmed key: the server refused it for good (a steer that came too
   * late, a key already used for other input), so the next attempt is a new action with a new key.
   */
  const discard = useCallback(
    (content: string) => forget(`${scope}:${fingerprintOf(content)}`),
    [scope, forget],
  )
  return { submit, isPending, discard }
}
