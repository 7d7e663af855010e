import { useQuery } from '@tanstack/react-query'
import { memoryStoresQuery } from '@/data/memory-stores/queries'
import { ConfigFormFields } from './config-form-fields'
import { ConfigWarningsList } from './config-warnings-list'
import { describedBy, FieldMessages } from './field-messages'
import {
  editFromForm,
  editJsonText,
  switchTab,
  type ConfigEditorState,
  type ConfigEditorTab,
} from '../models/config-editor-state'
import { configWarnings } from '../models/config-warnings'
import type { EnvironmentType } from '../models/environment-types'
import type { ValidationErrors } from '../models/validate-environment'
import { TabPanel, Tabs } from '@/components/ui/tabs'
import { Textarea } from '@/components/ui/textarea'
import { useT } from '@/i18n'

/**
 * The typed form and the Advanced JSON text edit one config object. Keys the form does not know
 * are never rewritten, so they reach the server exactly as they came.
 */
export function ConfigEditor({
  idBase,
  type,
  state,
  errors,
  onChange,
}: {
  idBase: string
  type: EnvironmentType
  state: ConfigEditorState
  errors: ValidationErrors
  onChange: (state: ConfigEditorState) => void
}) {
  const { t } = useT('environments')
  const memoryStores = useQuery(memoryStoresQuery())
  const jsonId = `${idBase}-json`
  return (
    <div className="flex flex-col gap-3">
      <Tabs<ConfigEditorTab>
        label={t('environments.editor.label')}
        idBase={idBase}
        value={state.tab}
        onValueChange={(tab) => onChange(switchTab(state, tab))}
        items={[
          { value: 'form', label: t('environments.editor.formTab') },
          { value: 'json', label: t('environments.editor.jsonTab') },
        ]}
      />
      {state.tab === 'form' ? (
        <TabPanel idBase={idBase} value="form">
          <ConfigFormFields
            idBase={idBase}
            type={type}
            config={state.config}
            errors={errors}
            memoryStores={memoryStores.data}
            onChange={(config) => onChange(editFromForm(state, config))}
          />
          {memoryStores.isError ? (
            <p className="mt-2 text-xs text-muted-foreground">
              {t('environments.editor.memoryStoresFailed')}
            </p>
          ) : null}
        </TabPanel>
      ) : (
        <TabPanel idBase={idBase} value="json" className="flex flex-col gap-1">
          <label htmlFor={jsonId} className="text-sm font-medium">
            {t('environments.editor.jsonLabel')}
          </label>
          <Textarea
            id={jsonId}
            rows={14}
            spellCheck={false}
            value={state.jsonText}
            aria-invalid={state.jsonError ? true : undefined}
            aria-describedby={describedBy(jsonId, true, state.jsonError)}
            onChange={(event) => onChange(editJsonText(state, event.target.value))}
          />
          <FieldMessages
            id={jsonId}
            help={t('environments.editor.jsonHelp')}
            error={state.jsonError ?? undefined}
          />
          {state.jsonError ? (
            <p role="status" className="text-xs text-muted-foreground">
              {t('environments.editor.fixJson')}
            </p>
          ) : null}
        </TabPanel>
      )}
      <ConfigWarningsList warnings={configWarnings(state.config, type)} />
    </div>
  )
}
