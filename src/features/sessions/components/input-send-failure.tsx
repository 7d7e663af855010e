import type { ComposerIntent, classifyInputFailure } from '../models/composer-intent'
import { errorMessage } from '@/api/api-error'
import { Button } from '@/components/ui/button'
import { FailureNotice } from '@/components/ui/failure-notice'
import { useT } from '@/i18n'

export type SendFailure = {
  content: string
  cause: unknown
  intent: ComposerIntent
  kind: ReturnType<typeof classifyInputFailure>
  isVerify: boolean
}

/**
 * A send that failed, with the way on that fits it; the text stays in the composer throughout.
 * - steering refused (409): inject it instead, or send it as a new turn, each a new action with a
 *   new key;
 * - the key already used for another input: send it as a new input, under a new key;
 * - a lost answer: send again under the same key (the server answers what it already accepted);
 * - anything else: the server's words, and the same retry.
 */
export function InputSendFailure({
  failure,
  onResend,
}: {
  failure: SendFailure
  /** `isFresh`: under a new key. */
  onResend: (intent: ComposerIntent, isFresh: boolean) => void
}) {
  const { t } = useT('sessions', 'sessions:inspector')
  const error = errorMessage(failure.cause)
  switch (failure.kind) {
    case 'steer_refused':
      return (
        <FailureNotice
          error={failure.cause}
          message={t('sessions.inputs.refused.title')}
          advice={t('sessions.inputs.refused.body')}
        >
          <Button size="sm" onClick={() => onResend('inject', true)}>
            {t('sessions.inputs.refused.injectInstead')}
          </Button>
          <Button size="sm" onClick={() => onResend('turn', true)}>
            {t('sessions.inputs.refused.newTurn')}
          </Button>
        </FailureNotice>
      )
    case 'key_conflict':
      return (
        <FailureNotice
          error={failure.cause}
          message={t('sessions.inputs.conflict.title')}
          advice={t('sessions.inputs.conflict.body', { error })}
        >
          <Button size="sm" onClick={() => onResend(failure.intent, true)}>
            {t('sessions.inputs.conflict.sendNew')}
          </Button>
        </FailureNotice>
      )
    case 'lost':
    case 'other':
      return (
        <FailureNotice
          error={failure.cause}
          message={t('sessions.notSent', { error })}
          {...(failure.kind === 'lost' && failure.intent !== 'turn'
            ? { advice: t('sessions.inputs.lost', { error }) }
            : {})}
        >
          <Button size="sm" onClick={() => onResend(failure.intent, false)}>
            {t('sessions.composer.retrySame')}
          </Button>
        </FailureNotice>
      )
  }
}
