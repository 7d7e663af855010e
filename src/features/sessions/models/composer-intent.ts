import { isApiError, isRetryableError } from '@/api/api-error'

/** What the composer sends: a new turn, steering for the running turn, or context for later. */
export type ComposerIntent = 'turn' | 'steer' | 'inject'

export const COMPOSER_INTENTS: readonly ComposerIntent[] = ['turn', 'steer', 'inject']

/**
 * Why an intent cannot be sent now, or null when it can: steering needs a running turn, and
 * steering and injecting need a server that serves the inputs routes.
 */
export function intentBlocker(
  intent: ComposerIntent,
  context: { runningTurnId: string | null; isInputsOffered: boolean },
): 'no_running_turn' | 'not_offered' | null {
  if (intent === 'turn') return null
  if (!context.isInputsOffered) return 'not_offered'
  if (intent === 'steer' && context.runningTurnId === null) return 'no_running_turn'
  return null
}

/**
 * How a failed send reads:
 * - `lost`: the answer never came (network, 5xx, 429); sending again under the same key is safe;
 * - `key_conflict`: the key was already used for another input (upstream SessionInbox: "Idempotency
 *   key already used for different input"), so the server refuses this body under it;
 * - `steer_refused`: a 409 to steering: the turn no longer accepts it (it ended or has no live run);
 * - `other`: anything else, shown as the server words it.
 */
export function classifyInputFailure(
  error: unknown,
  intent: ComposerIntent,
): 'lost' | 'key_conflict' | 'steer_refused' | 'other' {
  if (isRetryableError(error)) return 'lost'
  if (!isApiError(error) || error.status !== 409) return 'other'
  if (/idempotency/i.test(error.message) || error.code === 'idempotency_key_reused') return 'key_conflict'
  return intent === 'steer' ? 'steer_refused' : 'other'
}
