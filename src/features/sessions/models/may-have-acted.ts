import { isApiError } from '@/api/api-error'

/**
 * Whether a failed request may still have done its work on the server: the answer was lost
 * (a network failure or a timeout) or the server failed after it started (5xx). A 4xx means it was
 * refused, so nothing happened; an unknown error is treated as "maybe".
 */
export function mayHaveActed(error: unknown): boolean {
  if (!isApiError(error)) return true
  return error.kind === 'network' || error.kind === 'server'
}
