import type { Ref } from 'react'
import type { EnvironmentChoice } from '../hooks/use-environment-choices'
import type { DefaultEnvironmentLookup } from '../models/default-environment-warnings'
import { environmentHealthLabel } from '../models/environment-labels'
import { markInvisibleCharacters } from '@/lib/invisible-characters'
import { Badge } from '@/components/ui/badge'
import { Field } from '@/components/ui/field'
import { Select } from '@/components/ui/input'
import { t, useT } from '@/i18n'
import { useNow } from '@/lib/use-now'
import { environmentTypeLabel } from '@/lib/environment-type-label'

const NONE = ''

function optionText(choice: EnvironmentChoice, now: number): string {
  const health = environmentHealthLabel(choice.health, now)
  return [
    markInvisibleCharacters(choice.environment.name),
    environmentTypeLabel(choice.environment.type),
    health?.text,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** The label for a selected id that is not among the choices (archived, deleted, hidden). */
function unlistedText(environmentId: string, lookup: DefaultEnvironmentLookup): string {
  if (lookup.status === 'found') {
    const isArchived = lookup.environment.archivedAt !== null && lookup.environment.archivedAt !== undefined
    return isArchived
      ? t('agents.field.unlistedArchived', { name: markInvisibleCharacters(lookup.environment.name) })
      : `${markInvisibleCharacters(lookup.environment.name)} · ${environmentTypeLabel(lookup.environment.type)}`
  }
  if (lookup.status === 'not_found') return t('agents.field.unlistedMissing', { id: environmentId })
  if (lookup.status === 'forbidden') return t('agents.field.unlistedForbidden', { id: environmentId })
  return environmentId
}

export function DefaultEnvironmentField({
  id,
  value,
  choices,
  lookup,
  isReadOnly,
  selectRef,
  onChange,
}: {
  id: string
  value: string | null
  choices: EnvironmentChoice[]
  /** What is known about `value`. */
  lookup: DefaultEnvironmentLookup
  isReadOnly: boolean
  selectRef?: Ref<HTMLSelectElement>
  onChange: (environmentId: string | null) => void
}) {
  const { t } = useT('agents')
  const now = useNow()
  const isUnlisted = value !== null && !choices.some((choice) => choice.environment.id === value)
  const selected = lookup.status === 'found' ? lookup.environment : null
  const health = lookup.status === 'found' ? environmentHealthLabel(lookup.health, now) : null

  return (
    <div className="flex flex-col gap-2">
      <Field id={id} label={t('agents.field.label')} hint={t('agents.field.description')}>
        {(control) => (
          <Select
            {...control}
            ref={selectRef}
            className="w-full max-w-xl"
            value={value ?? NONE}
            disabled={isReadOnly}
            onChange={(event) => onChange(event.target.value === NONE ? null : event.target.value)}
          >
            <option value={NONE}>{t('agents.field.none')}</option>
            {isUnlisted ? <option value={value}>{unlistedText(value, lookup)}</option> : null}
            {choices.map((choice) => (
              <option key={choice.environment.id} value={choice.environment.id}>
                {optionText(choice, now)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {selected ? (
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge>{environmentTypeLabel(selected.type)}</Badge>
          {health ? <Badge tone={health.tone}>{health.text}</Badge> : null}
          <span className="font-mono break-all">{selected.id}</span>
        </p>
      ) : null}
    </div>
  )
}
