import { useQuery } from '@tanstack/react-query'
import { environmentWithType } from '../models/environment-type-label'
import { agentDefinitionQuery } from '@/data/agents/queries'
import { environmentQuery } from '@/data/environments/queries'
import { memoryStoresQuery } from '@/data/memory-stores/queries'
import { vaultsQuery } from '@/data/vaults/queries'
import type { Environment } from '@/data/environments/types'
import { joinList } from '../models/join-list'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { Spinner } from '@/components/ui/states'
import { useT } from '@/i18n'

/** What a new session inherits from the agent: default environment, memory stores and vaults. */
export function AgentDefaults({
  agentId,
  environments,
}: {
  agentId: string
  environments: readonly Environment[]
}) {
  const { t } = useT('sessions')
  const definition = useQuery(agentDefinitionQuery(agentId))
  const stores = useQuery(memoryStoresQuery())
  const vaults = useQuery(vaultsQuery())
  const defaultId = definition.data?.definition.defaultEnvironmentId ?? null
  const listed = environments.find((candidate) => candidate.id === defaultId)
  // The list may predate the environment (created a moment ago elsewhere): read it by id then.
  const single = useQuery({ ...environmentQuery(defaultId ?? ''), enabled: defaultId !== null && !listed })
  if (definition.isPending) return <Spinner label={t('sessions.defaults.loading')} />
  if (definition.isError) {
    return (
      <QueryErrorState
        title={t('sessions.defaults.loadError')}
        error={definition.error}
        onRetry={() => void definition.refetch()}
      />
    )
  }
  const {
    defaultEnvironmentId,
    defaultMemoryStoreIds = [],
    defaultVaultIds = [],
    version,
  } = definition.data.definition
  const environment = listed ?? single.data
  const storeName = (id: string) => stores.data?.find((store) => store.id === id)?.name ?? id
  const vaultName = (id: string) => {
    const vault = vaults.data?.find((candidate) => candidate.id === id)
    return vault?.displayName ?? id
  }
  return (
    <section
      aria-label={t('sessions.defaults.label')}
      className="rounded-md border border-border bg-muted/40 p-3 text-sm"
    >
      <p className="text-xs font-medium text-muted-foreground">
        {t('sessions.defaults.heading', { version })}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{t('sessions.defaults.environment')}</dt>
        <dd data-testid="inherited-environment">
          {defaultEnvironmentId ? (
            <>
              {environment ? environmentWithType(environment) : defaultEnvironmentId}{' '}
              <span className="font-mono text-xs text-muted-foreground">{defaultEnvironmentId}</span>
            </>
          ) : (
            <span className="text-muted-foreground">{t('sessions.defaults.noEnvironment')}</span>
          )}
        </dd>
        <dt className="text-muted-foreground">{t('sessions.defaults.memoryStores')}</dt>
        <dd>
          {defaultMemoryStoreIds.length ? joinList(defaultMemoryStoreIds.map(storeName)) : t('sessions.none')}
        </dd>
        <dt className="text-muted-foreground">{t('sessions.defaults.vaults')}</dt>
        <dd>{defaultVaultIds.length ? joinList(defaultVaultIds.map(vaultName)) : t('sessions.none')}</dd>
      </dl>
    </section>
  )
}
