import { useId } from 'react'
import { COMPOSER_INTENTS, intentBlocker, type ComposerIntent } from '../models/composer-intent'
import { t, useT } from '@/i18n'
import { cn } from '@/lib/cn'

// Literal ids, so the catalog check sees every one.
const LABEL: Record<ComposerIntent, () => string> = {
  turn: () => t('sessions.inputs.intent.turn'),
  steer: () => t('sessions.inputs.intent.steer'),
  inject: () => t('sessions.inputs.intent.inject'),
}
const EXPLAIN: Record<ComposerIntent, () => string> = {
  turn: () => t('sessions.inputs.intent.turnExplain'),
  steer: () => t('sessions.inputs.intent.steerExplain'),
  inject: () => t('sessions.inputs.intent.injectExplain'),
}

/**
 * The composer's three intents, named as such, each with the one line that says what it will do
 * before anything is sent. An intent that cannot be sent now stays choosable and says why, so the
 * user learns what it needs (a running turn, a server that offers it).
 */
export function ComposerIntents({
  intent,
  onIntentChange,
  runningTurnId,
  isInputsOffered,
  isDisabled,
}: {
  intent: ComposerIntent
  onIntentChange: (intent: ComposerIntent) => void
  runningTurnId: string | null
  isInputsOffered: boolean
  isDisabled: boolean
}) {
  useT('sessions:inputs')
  const id = useId()
  const blocker = intentBlocker(intent, { runningTurnId, isInputsOffered })
  return (
    <fieldset className="flex flex-col gap-1" disabled={isDisabled}>
      <legend className="mb-1 text-xs font-medium text-muted-foreground">
        {t('sessions.inputs.intent.legend')}
      </legend>
      <div className="flex flex-wrap gap-1" role="presentation">
        {COMPOSER_INTENTS.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-center gap-1.5 rounded-md border border-border px-2 py-1 text-sm',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              intent === value && 'border-primary bg-accent',
            )}
          >
            <input
              type="radio"
              name={`${id}-intent`}
              value={value}
              checked={intent === value}
              onChange={() => onIntentChange(value)}
              aria-describedby={`${id}-explain`}
              className="accent-primary"
            />
            {LABEL[value]()}
          </label>
        ))}
      </div>
      <p id={`${id}-explain`} className="text-xs text-muted-foreground" data-testid="intent-explanation">
        {EXPLAIN[intent]()}
        {blocker ? (
          <span className="mt-0.5 block text-warning">
            {blocker === 'not_offered'
              ? t('sessions.inputs.intent.notOffered')
              : t('sessions.inputs.intent.noRunningTurn')}
          </span>
        ) : null}
      </p>
    </fieldset>
  )
}
