import { useQuery } from '@tanstack/react-query'
import { CopyDefinitionCurlDialog } from './copy-definition-curl-dialog'
import { SessionDefaultsForm, type ChecklistChoices } from './session-defaults-form'
import { refusedForAccount, useSessionDefaultsEditor } from '../hooks/use-session-defaults-editor'
import { VersionConflictDialog } from './version-conflict-dialog'
import { markInvisibleCharacters } from '@/lib/invisible-characters'
import { memoryStoresQuery } from '@/data/memory-stores/queries'
import { vaultsQuery } from '@/data/vaults/queries'
import { agentDefinitionQuery } from '@/data/agents/queries'
import { useDefaultEnvironmentLookup } from '../hooks/use-default-environment-lookup'
import { useEnvironmentChoices } from '../hooks/use-environment-choices'
import type { ScopeHeaders } from '../models/definition-patch-curl'
import { mergeSessionDefaults } from '../models/merge-session-defaults'
import { errorMessage } from '@/api/api-error'
import { Badge } from '@/components/ui/badge'
import { Notice } from '@/components/ui/notice'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { useT } from '@/i18n'

function checklistChoices<T extends { id: string }>(
  query: { data: T[] | undefined; error: unknown; isError: boolean; refetch: () => Promise<unknown> },
  toItem: (item: T) => { id: string; name: string; detail?: string | null },
): ChecklistChoices {
  return {
    items: query.data?.filter((item) => !('archivedAt' in item && item.archivedAt)).map(toItem),
    error: query.isError ? errorMessage(query.error) : null,
    onRetry: () => void query.refetch(),
  }
}

/**
 * Runtime configuration → Session defaults: the environment, memory stores and vaults new sessions
 * of this agent inherit. Saving is a read-modify-write of the whole definition.
 */
export function SessionDefaultsPanel({
  agentId,
  readOnlyReason,
  scope,
  onShowVersions,
}: {
  agentId: string
  /** Why this user cannot change the defaults here, or null when they can. */
  readOnlyReason: string | null
  scope: ScopeHeaders
  onShowVersions: () => void
}) {
  const { t } = useT('agents')
  const definition = useQuery(agentDefinitionQuery(agentId))
  const environments = useEnvironmentChoices()
  const memoryStores = useQuery(memoryStoresQuery())
  const vaults = useQuery(vaultsQuery())
  const isLocal = (environmentId: string) =>
    environments.choices?.some(
      (choice) => choice.environment.id === environmentId && choice.environment.type === 'local',
    ) ?? false
  const editor = useSessionDefaultsEditor(agentId, definition.data?.definition, isLocal)
  const lookup = useDefaultEnvironmentLookup(editor.draft?.defaultEnvironmentId ?? null, environments.choices)

  const environmentName = (environmentId: string) =>
    markInvisibleCharacters(
      environments.choices?.find((choice) => choice.environment.id === environmentId)?.environment.name ??
        (lookup.status === 'found' && lookup.environment.id === environmentId
          ? lookup.environment.name
          : environmentId),
    )

  // The role says "may write" but the server said no: same read-only view, with its reason.
  const refused = refusedForAccount(editor.saveError)
  const effectiveReadOnlyReason =
    readOnlyReason ?? (refused === null ? null : t('agents.panel.refusedByServer', { server: refused }))
  const isReadOnly = effectiveReadOnlyReason !== null
  const { base, draft } = editor

  return (
    <section aria-labelledby="session-defaults-heading" className="flex max-w-4xl flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="session-defaults-heading" className="text-lg font-semibold">
            {t('agents.panel.heading')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {base ? t('agents.panel.introWithVersion', { version: base.version }) : t('agents.panel.intro')}
          </p>
        </div>
        <CopyDefinitionCurlDialog
          agentId={agentId}
          body={base && draft ? mergeSessionDefaults(base, draft) : null}
          scope={scope}
        />
      </div>
      {isReadOnly ? (
        <Notice tone="warning" title={<Badge tone="warning">{t('agents.panel.readOnly')}</Badge>}>
          {effectiveReadOnlyReason}
        </Notice>
      ) : null}
      {editor.isBaseOutdated && definition.data ? (
        <Notice tone="info">
          {t('agents.panel.baseOutdated', {
            latest: definition.data.definition.version,
            base: base?.version,
          })}
        </Notice>
      ) : null}
      {definition.isPending ? (
        <LoadingState label={t('agents.panel.loadingDefinition')} />
      ) : definition.isError ? (
        <QueryErrorState
          title={t('agents.panel.definitionError')}
          error={definition.error}
          onRetry={() => void definition.refetch()}
        />
      ) : environments.query.isPending ? (
        <LoadingState label={t('agents.panel.loadingEnvironments')} />
      ) : environments.query.isError ? (
        <QueryErrorState
          title={t('agents.panel.environmentsError')}
          error={environments.query.error}
          onRetry={() => void environments.query.refetch()}
        />
      ) : base && draft ? (
        <>
          {environments.isHealthUnavailable ? (
            <p className="text-xs text-muted-foreground">{t('agents.panel.healthUnavailable')}</p>
          ) : null}
          <SessionDefaultsForm
            agentId={agentId}
            base={base}
            draft={draft}
            editor={editor}
            choices={environments.choices ?? []}
            lookup={lookup}
            memoryStores={checklistChoices(memoryStores, (store) => ({
              id: store.id,
              name: store.name,
              detail: store.description,
            }))}
            vaults={checklistChoices(vaults, (vault) => ({
              id: vault.id,
              name: vault.displayName ?? vault.name,
              detail: vault.description,
            }))}
            isReadOnly={isReadOnly}
            environmentName={environmentName}
            onShowVersions={onShowVersions}
          />
        </>
      ) : null}
      <VersionConflictDialog
        conflict={editor.conflict}
        environmentName={environmentName}
        isSaving={editor.isSaving}
        error={editor.conflict ? editor.saveError : null}
        onReapply={() => void editor.reapply()}
        onDiscard={editor.discard}
        onDismiss={editor.dismissConflict}
      />
    </section>
  )
}
