import { parseRetryAfter } from './api-error'
import { isSafelyRetryable } from './idempotent-request'

/**
 * Re-sends a mutation whose answer was lost (network failure, 5xx, 429) when it is safe to
 * (./idempotent-request.ts). The client loads this with the first such mutation.
 */
export type SafeRetryPolicy = {
  retries: number
  baseDelayMs: number
  maxDelayMs: number
}

const defaultPolicy: SafeRetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 8_000 }
let policy: SafeRetryPolicy = defaultPolicy

/** Tests of single failures turn retries off; the retry itself has its own tests. */
export function setSafeRetryPolicy(next: Partial<SafeRetryPolicy> | null) {
  policy = next ? { ...defaultPolicy, ...next } : defaultPolicy
}

function isLostAnswer(response: Response): boolean {
  return (response.status >= 500 && response.status !== 501) || response.status === 429
}

function waitFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error)
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason as Error)
    }
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

export async function fetchWithSafeRetry(
  request: Request,
  send: (request: Request) => Promise<Response>,
  current: SafeRetryPolicy = policy,
): Promise<Response> {
  if (!isSafelyRetryable(request) || current.retries <= 0) return send(request)
  for (let attempt = 0; ; attempt += 1) {
    const isLast = attempt >= current.retries
    // Each attempt sends a fresh copy: a request body can be read only once.
    const copy = request.clone()
    let retryAfterMs: number | undefined
    try {
      const response = await send(copy)
      if (isLast || !isLostAnswer(response)) return response
      retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'))
      await response.body?.cancel()
    } catch (error) {
      // An abort is the user's decision, not a lost answer.
      if (isLast || request.signal.aborted) throw error
    }
    const backoff = Math.min(current.baseDelayMs * 2 ** attempt, current.maxDelayMs)
    const jittered = backoff / 2 + Math.random() * (backoff / 2)
    await waitFor(Math.min(retryAfterMs ?? jittered, current.maxDelayMs), request.signal)
  }
}
