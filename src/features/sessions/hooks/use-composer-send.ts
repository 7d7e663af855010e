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

  /**
   * `fileIds` (session files attached as `file` parts) count in what a key is for: the same text
   * with other files is another submission.
   */
  const keyed = (content: string, fileIds: readonly string[]) =>
    fileIds.length ? `${content}\n\u0000${fileIds.join(',')}` : content

  const send = async (
    intent: ComposerIntent,
    content: string,
    isFresh = false,
    fileIds: readonly string[] = [],
  ): Promise<SendOutcome> => {
    const { submit, discard } = keys[intent]
    const key = keyed(content, fileIds)
    if (isFresh) discard(key)
    const files = fileIds.length ? { fileIds } : {}
    switch (intent) {
      case 'turn':
        return {
          intent,
          turn: await submit(key, (idempotencyKey) =>
            submitTurn.mutateAsync({ message: content, idempotencyKey, ...files }),
          ),
        }
      case 'steer': {
        const turnId = runningTurnId
        if (turnId === null) throw new Error('no running turn to steer')
        return {
          intent,
          receipt: await submit(key, (idempotencyKey) =>
            steer.mutateAsync({ text: content, idempotencyKey, turnId, ...files }),
          ),
        }
      }
      case 'inject':
        return {
          intent,
          receipt: await submit(key, (idempotencyKey) =>
            inject.mutateAsync({ text: content, idempotencyKey, ...files }),
          ),
        }
    }
  }

  return {
    send,
    /** Drops the kept key of `content` for `intent` (the server refused it for good). */
    discard: (intent: ComposerIntent, content: string, fileIds: readonly string[] = []) =>
      keys[intent].discard(keyed(content, fileIds)),
    isRetry: (intent: ComposerIntent, content: string, fileIds: readonly string[] = []) =>
      keys[intent].isPending(keyed(content, fileIds)),
    isSending: submitTurn.isPending || steer.isPending || inject.isPending,
  }
}
