import { useState } from 'react'
import { MemoryAccessEditor } from './memory-access-editor'
import {
  asOption,
  configFieldInfo,
  fieldsForType,
  type ConfigFieldKey,
  type ConfigObject,
} from '../models/config-fields'
import { readConfigField, setConfigField } from '../models/edit-config'
import type { EnvironmentType } from '../models/environment-types'
import type { ValidationErrors } from '../models/validate-environment'
import { Button } from '@/components/ui/button'
import { Field, type FieldControlProps } from '@/components/ui/field'
import { Input, Select } from '@/components/ui/input'
import type { MemoryStore } from '@/data/memory-stores/queries'
import { useT } from '@/i18n'

function ConfigControl({
  field,
  config,
  control,
  onChange,
}: {
  field: ConfigFieldKey
  config: ConfigObject
  control: FieldControlProps
  onChange: (config: ConfigObject) => void
}) {
  const { t } = useT('environments')
  const [isRevealed, setIsRevealed] = useState(false)
  const info = configFieldInfo(field)
  const value = readConfigField(config, field)
  const handle = (text: string) => onChange(setConfigField(config, field, text))
  if (info.kind === 'choice') {
    const options = info.options ?? []
    const valueLabel = info.valueLabel ?? ((option: string) => option)
    return (
      <Select {...control} className="w-full" value={value} onChange={(event) => handle(event.target.value)}>
        <option value="">
          {info.options?.[0]
            ? t('environments.fields.serverDefaultValue', { value: valueLabel(info.options[0]) })
            : t('environments.fields.serverDefault')}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {info.valueLabel ? asOption(valueLabel(option)) : option}
          </option>
        ))}
        {value && !options.includes(value) ? (
          <option value={value}>{t('environments.fields.unknownValue', { value })}</option>
        ) : null}
      </Select>
    )
  }
  if (info.kind === 'secret')
    return (
      <span className="flex gap-2">
        <Input
          {...control}
          type={isRevealed ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          placeholder={info.placeholder}
          value={value}
          onChange={(event) => handle(event.target.value)}
        />
        <Button size="sm" aria-pressed={isRevealed} onClick={() => setIsRevealed(!isRevealed)}>
          {isRevealed ? t('environments.fields.hide') : t('environments.fields.show')}
        </Button>
      </span>
    )
  return (
    <Input
      {...control}
      type={info.kind === 'url' ? 'url' : 'text'}
      inputMode={info.kind === 'integer' ? 'numeric' : undefined}
      placeholder={info.placeholder}
      value={value}
      onChange={(event) => handle(event.target.value)}
    />
  )
}

/** The typed fields for one environment type; unknown keys are not shown here and stay untouched. */
export function ConfigFormFields({
  type,
  config,
  errors,
  memoryStores,
  onChange,
}: {
  type: EnvironmentType
  config: ConfigObject
  errors: ValidationErrors
  memoryStores: MemoryStore[] | undefined
  onChange: (config: ConfigObject) => void
}) {
  const { t } = useT('environments')
  return (
    <div className="flex flex-col gap-4">
      {type === 'sandbox' ? null : (
        <p className="text-xs text-muted-foreground">{t('environments.fields.noOtherSettings')}</p>
      )}
      {fieldsForType(type).map((field) => {
        const info = configFieldInfo(field)
        return (
          <Field
            key={field}
            label={
              <>
                {info.label}{' '}
                <span className="font-mono text-xs font-normal text-muted-foreground">{field}</span>
              </>
            }
            hint={info.help}
            error={errors[`config.${field}`]}
          >
            {(control) => (
              <ConfigControl field={field} config={config} control={control} onChange={onChange} />
            )}
          </Field>
        )
      })}
      <MemoryAccessEditor
        config={config}
        error={errors['config.memoryAccess']}
        memoryStores={memoryStores}
        onChange={onChange}
      />
    </div>
  )
}
