/**
 * A key for one user action on a mutating call. The caller keeps it while the action may still
 * be retried, so a retry after a timeout or a lost answer cannot create a second resource.
 */
export function createIdempotencyKey(prefix = 'idem'): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return `${prefix}_${crypto.randomUUID()}`
  }
  return `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`
}
