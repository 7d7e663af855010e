import { useId, useRef, type FormEvent } from 'react'
import { DefaultEnvironmentField } from './default-environment-field'
import { DefaultEnvironmentWarningsList } from './default-environment-warnings-list'
import { ResourceChecklist, type ChecklistItem } from './resource-checklist'
import { SessionDefaultsConsequences } from './session-defaults-consequences'
import type { SessionDefaultsEditor } from '../hooks/use-session-defaults-editor'
import type { EnvironmentChoice } from '../hooks/use-environment-choices'
import type { AgentDefinition, SessionDefaults } from '../models/agent-types'
import {
  defaultEnvironmentWarnings,
  type DefaultEnvironmentLookup,
} from '../models/default-environment-warnings'
import { errorMessage, isApiError } from '@/api/api-error'
import { failureAdvice } from '@/api/failure-advice'
import { Button } from '@/components/ui/button'
import { Notice } from '@/components/ui/notice'
import { useT } from '@/i18n'

export type ChecklistChoices = {
  items: ChecklistItem[] | undefined
  error: string | null
  onRetry: () => void
}

/** The session-defaults controls, their warnings and consequences, and Save/Discard. */
export function SessionDefaultsForm({
  agentId,
  base,
  draft,
  editor,
  choices,
  lookup,
  memoryStores,
  vaults,
  isReadOnly,
  environmentName,
  onShowVersions,
}: {
  agentId: string
  base: AgentDefinition
  draft: SessionDefaults
  editor: SessionDefaultsEditor
  choices: EnvironmentChoice[]
  lookup: DefaultEnvironmentLookup
  memoryStores: ChecklistChoices
  vaults: ChecklistChoices
  isReadOnly: boolean
  environmentName: (environmentId: string) => string
  onShowVersions: () => void
}) {
  const { t } = useT('agents')
  const environmentFieldId = useId()
  const selectRef = useRef<HTMLSelectElement>(null)
  const warnings = defaultEnvironmentWarnings({
    environmentId: draft.defaultEnvironmentId,
    lookup,
    localPolicy: editor.localPolicy,
  })
  const change = (patch: Partial<SessionDefaults>) => editor.change({ ...draft, ...patch })

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!isReadOnly && editor.isDirty) void editor.save()
  }

  return (
    <form className="flex flex-col gap-6" onSubmit={handleSubmit} aria-label={t('agents.form.label')}>
      <div className="flex flex-col gap-3">
        <DefaultEnvironmentField
          id={environmentFieldId}
          value={draft.defaultEnvironmentId}
          choices={choices}
          lookup={lookup}
          isReadOnly={isReadOnly}
          selectRef={selectRef}
          onChange={(defaultEnvironmentId) => change({ defaultEnvironmentId })}
        />
        <DefaultEnvironmentWarningsList
          warnings={warnings}
          environmentId={draft.defaultEnvironmentId}
          isReadOnly={isReadOnly}
          onChooseOther={() => selectRef.current?.focus()}
          onClear={() => change({ defaultEnvironmentId: null })}
        />
      </div>
      <ResourceChecklist
        legend={t('agents.form.memoryStoresLegend')}
        description={t('agents.form.memoryStoresDescription')}
        items={memoryStores.items}
        loadError={memoryStores.error}
        onRetry={memoryStores.onRetry}
        selected={draft.defaultMemoryStoreIds}
        isReadOnly={isReadOnly}
        emptyText={t('agents.form.memoryStoresEmpty')}
        onChange={(defaultMemoryStoreIds) => change({ defaultMemoryStoreIds })}
      />
      <ResourceChecklist
        legend={t('agents.form.vaultsLegend')}
        description={t('agents.form.vaultsDescription')}
        items={vaults.items}
        loadError={vaults.error}
        onRetry={vaults.onRetry}
        selected={draft.defaultVaultIds}
        isReadOnly={isReadOnly}
        emptyText={t('agents.form.vaultsEmpty')}
        onChange={(defaultVaultIds) => change({ defaultVaultIds })}
      />
      <SessionDefaultsConsequences
        agentId={agentId}
        savedEnvironmentId={base.defaultEnvironmentId || null}
        draftEnvironmentId={draft.defaultEnvironmentId}
        draftEnvironmentType={
          choices.find((choice) => choice.environment.id === draft.defaultEnvironmentId)?.environment.type ??
          (lookup.status === 'found' && lookup.environment.id === draft.defaultEnvironmentId
            ? lookup.environment.type
            : null)
        }
        tools={base.tools}
        nextVersion={editor.isDirty ? base.version + 1 : base.version}
        environmentName={environmentName}
        onShowVersions={onShowVersions}
      />
      {editor.saveError && !editor.conflict ? (
        <Notice role="alert" tone="danger" title={t('agents.form.saveErrorTitle')}>
          <p>{errorMessage(editor.saveError)}</p>
          {isApiError(editor.saveError) && editor.saveError.requestId ? (
            <p className="mt-1 font-mono text-xs text-muted-foreground">
              {t('agents.form.requestId', { requestId: editor.saveError.requestId })}
            </p>
          ) : null}
          <p className="mt-1 text-xs text-muted-foreground">{failureAdvice(editor.saveError)}</p>
        </Notice>
      ) : null}
      {/* Always rendered: text inserted together with its live region is skipped by some screen readers. */}
      <div role="status">
        {editor.saved && !editor.isDirty ? (
          <Notice tone="success">
            {editor.saved.defaults.defaultEnvironmentId
              ? t('agents.form.savedWithEnvironment', {
                  version: editor.saved.version,
                  environment: environmentName(editor.saved.defaults.defaultEnvironmentId),
                })
              : t('agents.form.savedWithoutEnvironment', { version: editor.saved.version })}
          </Notice>
        ) : null}
      </div>
      {isReadOnly ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" variant="primary" disabled={!editor.isDirty || editor.isSaving}>
            {editor.isSaving ? t('agents.form.saving') : t('agents.form.save')}
          </Button>
          {editor.isDirty ? (
            <>
              <Button onClick={editor.discard} disabled={editor.isSaving}>
                {t('agents.form.discard')}
              </Button>
              <span className="text-xs text-muted-foreground">
                {t('agents.form.unsaved', { version: base.version })}
              </span>
            </>
          ) : null}
        </div>
      )}
    </form>
  )
}
