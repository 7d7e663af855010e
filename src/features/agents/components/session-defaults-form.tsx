import { useId, useRef, type FormEvent } from 'react'
import { DefaultEnvironmentField } from './default-environment-field'
import { DefaultEnvironmentWarningsList } from './default-environment-warnings-list'
import { ResourceChecklist, type ChecklistItem } from './resource-checklist'
import { SessionDefaultsConsequences } from './session-defaults-consequences'
import type { SessionDefaultsEditor } from './use-session-defaults-editor'
import type { EnvironmentChoice } from '../api/use-environment-choices'
import type { AgentDefinition, SessionDefaults } from '../models/agent-types'
import {
  defaultEnvironmentWarnings,
  type DefaultEnvironmentLookup,
} from '../models/default-environment-warnings'
import { errorMessage, isApiError } from '@/api/api-error'
import { Button } from '@/components/ui/button'
import { Notice } from '@/components/ui/notice'

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
    <form className="flex flex-col gap-6" onSubmit={handleSubmit} aria-label="Session defaults">
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
        legend="Default memory stores"
        description="Mounted into new sessions that do not list their own. The managed path currently mounts shared memory read-only, whatever an environment's memoryAccess says. Clear every box to mount none."
        items={memoryStores.items}
        loadError={memoryStores.error}
        onRetry={memoryStores.onRetry}
        selected={draft.defaultMemoryStoreIds}
        isReadOnly={isReadOnly}
        emptyText="This namespace has no memory stores."
        onChange={(defaultMemoryStoreIds) => change({ defaultMemoryStoreIds })}
      />
      <ResourceChecklist
        legend="Default vaults"
        description="Credentials new sessions can use when they do not list their own. Clear every box to attach none."
        items={vaults.items}
        loadError={vaults.error}
        onRetry={vaults.onRetry}
        selected={draft.defaultVaultIds}
        isReadOnly={isReadOnly}
        emptyText="This namespace has no vaults."
        onChange={(defaultVaultIds) => change({ defaultVaultIds })}
      />
      <SessionDefaultsConsequences
        agentId={agentId}
        savedEnvironmentId={base.defaultEnvironmentId || null}
        draftEnvironmentId={draft.defaultEnvironmentId}
        nextVersion={editor.isDirty ? base.version + 1 : base.version}
        environmentName={environmentName}
        onShowVersions={onShowVersions}
      />
      {editor.saveError && !editor.conflict ? (
        <Notice role="alert" tone="danger" title="The session defaults were not saved">
          <p>{errorMessage(editor.saveError)}</p>
          {isApiError(editor.saveError) && editor.saveError.requestId ? (
            <p className="mt-1 font-mono text-xs text-muted-foreground">
              Request ID: {editor.saveError.requestId}
            </p>
          ) : null}
          <p className="mt-1 text-xs text-muted-foreground">Your changes are still here.</p>
        </Notice>
      ) : null}
      {editor.saved && !editor.isDirty ? (
        <Notice role="status" tone="success">
          Saved as version {editor.saved.version}. New sessions inherit{' '}
          {editor.saved.defaults.defaultEnvironmentId
            ? environmentName(editor.saved.defaults.defaultEnvironmentId)
            : 'no environment'}
          ; existing sessions keep theirs.
        </Notice>
      ) : null}
      {isReadOnly ? null : (
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" variant="primary" disabled={!editor.isDirty || editor.isSaving}>
            {editor.isSaving ? 'Saving…' : 'Save session defaults'}
          </Button>
          {editor.isDirty ? (
            <>
              <Button onClick={editor.discard} disabled={editor.isSaving}>
                Discard changes
              </Button>
              <span className="text-xs text-muted-foreground">
                Unsaved changes, based on version {base.version}.
              </span>
            </>
          ) : null}
        </div>
      )}
    </form>
  )
}
