/**
 * A download asked for once: every call gets the same promise while it is pending or has
 * succeeded; a failed one is forgotten, so the next call asks again (a chunk that failed to
 * arrive over a flaky network may arrive on the next try).
 */
export function rememberUntilFailure<T>(ask: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () =>
    (pending ??= ask().catch((error: unknown) => {
      pending = undefined
      throw error
    }))
}
