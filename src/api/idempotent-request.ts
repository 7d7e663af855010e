/**
 * A mutation whose answer was lost (network failure, 5xx, 429) may be re-sent only when the server
 * honours its Idempotency-Key: it then answers a repeat with what it already did, so a retry can
 * never create a second turn. Other mutations fail at once and the screen says so; reads are
 * retried by react-query (app/query-client.ts).
 *
 * Carrying the header is not enough. Session create sends none (the upstream handler reads none,
 * api-notes C16). Turn cancel and resume send one because newer servers require it, but the
 * upstream specification declares no Idempotency-Key on them, so a repeat may act as a new
 * request: they are never re-sent automatically either.
 */
const NOT_IDEMPOTENT_UPSTREAM = /\/turns\/[^/]+\/(cancel|resume)$/

export function isSafelyRetryable(request: Request): boolean {
  return (
    request.method !== 'GET' &&
    request.method !== 'HEAD' &&
    request.headers.has('Idempotency-Key') &&
    !NOT_IDEMPOTENT_UPSTREAM.test(new URL(request.url).pathname)
  )
}
