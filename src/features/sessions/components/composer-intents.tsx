import { useId } from 'react'
import { COMPOSER_INTENTS, intentBlocker, type ComposerIntent } from '../models/composer-intent'
import { ChoiceField, FieldGroup } from '@/components/ui/field'
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
  useT('sessions:inspector')
  const id = useId()
  const blocker = intentBlocker(intent, { runningTurnId, isInputsOffered })
  return (
    <FieldGroup legend={t('sessions.inputs.intent.legend')} className="gap-1">
      <div className="flex flex-wrap gap-1">
        {COMPOSER_INTENTS.map((value) => (
          <ChoiceField
            key={value}
            label={LABEL[value]()}
            className={cn(
              'items-center gap-1.5 rounded-md border border-border px-2 py-1',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
              intent === value && 'border-primary bg-accent',
            )}
          >
            {(control) => (
              <input
                {...control}
                type="radio"
                name={`${id}-intent`}
                value={value}
                checked={intent === value}
                disabled={isDisabled}
                onChange={() => onIntentChange(value)}
                aria-describedby={`${id}-explain`}
                className="accent-primary"
              />
            )}
          </ChoiceField>
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
    </FieldGroup>
  )
}
