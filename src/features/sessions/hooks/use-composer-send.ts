import { useSubmitTurn } from '@/data/sessions/mutations'
import { useInjectInput, useSteerTurn } from '@/data/sessions/inputs'
import type { InputReceipt } from '@/data/sessions/decode-inputs'
import type { Turn } from '@/data/sessions/types'
import { useIdempotentSubmit } from './use-idempotent-submit'
import type { ComposerIntent } from '../models/composer-intent'

export type SendOutcome =
  { intent: 'turn'; turn: Turn } | { intent: 'steer' | 'inject'; receipt: InputReceipt }

/**
 * Sends the composer's text as a new turn, steering or injected context, each under an
 * Idempotency-Key kept per intent (and per steered turn): re-sending the same text after a lost
 * answer reuses it, so the server answers with what it already accepted. `isFresh` first drops
 * the kept key, for an action the server refused for good: it is a new action with a new key.
 */
export function useComposerSend(sessionId: string, runningTurnId: string | null) {
  const submitTurn = useSubmitTurn(sessionId)
  const steer = useSteerTurn(sessionId)
  const inject = useInjectInput(sessionId)
  const keys = {
    turn: useIdempotentSubmit(`turn:${sessionId}`),
    steer: useIdempotentSubmit(`steer:${sessionId}:${runningTurnId ?? ''}`),
    inject: useIdempotentSubmit(`inject:${sessionId}`),
  }

  const send = async (intent: ComposerIntent, content: string, isFresh = false): Promise<SendOutcome> => {
    const { submit, discard } = keys[intent]
    if (isFresh) discard(content)
    switch (intent) {
      case 'turn':
        return {
          intent,
          turn: await submit(content, (idempotencyKey) =>
            submitTurn.mutateAsync({ message: content, idempotencyKey }),
          ),
        }
      case 'steer': {
        const turnId = runningTurnId
        if (turnId === null) throw new Error('no running turn to steer')
        return {
          intent,
          receipt: await submit(content, (idempotencyKey) =>
            steer.mutateAsync({ text: content, idempotencyKey, turnId }),
          ),
        }
      }
      case 'inject':
        return {
          intent,
          receipt: await submit(content, (idempotencyKey) =>
            inject.mutateAsync({ text: content, idempotencyKey }),
          ),
        }
    }
  }

  return {
    send,
    /** Drops the kept key of `content` for `intent` (the server refused it for good). */
    discard: (intent: ComposerIntent, content: string) => keys[intent].discard(content),
    isRetry: (intent: ComposerIntent, content: string) => keys[intent].isPending(content),
    isSending: submitTurn.isPending || steer.isPending || inject.isPending,
  }
}
