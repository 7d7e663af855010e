import { useState } from 'react'
import { describedBy, FieldMessages } from './field-messages'
import { MemoryAccessEditor } from './memory-access-editor'
import {
  configFieldInfo,
  fieldsForType,
  type ConfigFieldKey,
  type ConfigObject,
} from '../models/config-fields'
import { readConfigField, setConfigField } from '../models/edit-config'
import type { EnvironmentType } from '../models/environment-types'
import type { ValidationErrors } from '../models/validate-environment'
import type { components } from '@/api/schema.gen'
import { Button } from '@/components/ui/button'
import { Input, Label, Select } from '@/components/ui/input'
import { useT } from '@/i18n'

type MemoryStore = components['schemas']['MemoryStore']

function ConfigField({
  idBase,
  field,
  config,
  error,
  onChange,
}: {
  idBase: string
  field: ConfigFieldKey
  config: ConfigObject
  error: string | undefined
  onChange: (config: ConfigObject) => void
}) {
  const { t } = useT('environments')
  const [isRevealed, setIsRevealed] = useState(false)
  const info = configFieldInfo(field)
  const id = `${idBase}-${field}`
  const value = readConfigField(config, field)
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, info.help, error),
  }
  const handle = (text: string) => onChange(setConfigField(config, field, text))
  let control
  if (info.kind === 'choice') {
    const options = info.options ?? []
    control = (
      <Select {...common} className="w-full" value={value} onChange={(event) => handle(event.target.value)}>
        <option value="">
          {info.options?.[0]
            ? t('environments.fields.serverDefaultValue', { value: info.options[0] })
            : t('environments.fields.serverDefault')}
        </option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
        {value && !options.includes(value) ? (
          <option value={value}>{t('environments.fields.unknownValue', { value })}</option>
        ) : null}
      </Select>
    )
  } else if (info.kind === 'secret') {
    control = (
      <span className="flex gap-2">
        <Input
          {...common}
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
  } else {
    control = (
      <Input
        {...common}
        type={info.kind === 'url' ? 'url' : 'text'}
        inputMode={info.kind === 'integer' ? 'numeric' : undefined}
        placeholder={info.placeholder}
        value={value}
        onChange={(event) => handle(event.target.value)}
      />
    )
  }
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>
        {info.label} <span className="font-mono text-xs font-normal text-muted-foreground">{field}</span>
      </Label>
      {control}
      <FieldMessages id={id} help={info.help} error={error} />
    </div>
  )
}

/** The typed fields for one environment type; unknown keys are not shown here and stay untouched. */
export function ConfigFormFields({
  idBase,
  type,
  config,
  errors,
  memoryStores,
  onChange,
}: {
  idBase: string
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
      {fieldsForType(type).map((field) => (
        <ConfigField
          key={field}
          idBase={idBase}
          field={field}
          config={config}
          error={errors[`config.${field}`]}
          onChange={onChange}
        />
      ))}
      <MemoryAccessEditor
        idBase={`${idBase}-memory`}
        config={config}
        error={errors['config.memoryAccess']}
        memoryStores={memoryStores}
        onChange={onChange}
      />
    </div>
  )
}
