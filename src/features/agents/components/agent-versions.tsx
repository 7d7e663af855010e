import { useQuery } from '@tanstack/react-query'
import { agentVersionsQuery } from '@/data/agents/queries'
import { allEnvironmentsQuery } from '@/data/environments/queries'
import type { AgentVersion } from '../models/agent-types'
import { defaultEnvironmentChanges } from '../models/default-environment-history'
import { diffDefinitions } from '../models/diff-definitions'
import { Badge } from '@/components/ui/badge'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { EmptyState, LoadingState } from '@/components/ui/states'
import { useT } from '@/i18n'
import { formatExactTime, formatRelativeTime } from '@/lib/format-time'
import { useNow } from '@/lib/use-now'

function changedFields(versions: AgentVersion[], index: number): string[] | null {
  const previous = versions[index + 1]
  const current = versions[index]
  // The oldest stored version has nothing to compare with.
  return previous && current ? diffDefinitions(previous.snapshot, current.snapshot).map((c) => c.field) : null
}

/** Definition history, newest first, with the versions that moved the default environment marked. */
export function AgentVersions({ agentId }: { agentId: string }) {
  const { t } = useT('agents')
  const now = useNow()
  const query = useQuery(agentVersionsQuery(agentId))
  const environments = useQuery(allEnvironmentsQuery())
  const nameOf = (id: string | null) =>
    id === null
      ? t('agents.versions.noEnvironment')
      : (environments.data?.find((environment) => environment.id === id)?.name ?? id)

  if (query.isPending) return <LoadingState label={t('agents.versions.loading')} />
  if (query.isError) {
    return (
      <QueryErrorState
        title={t('agents.versions.loadError')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    )
  }
  if (query.data.length === 0) return <EmptyState title={t('agents.versions.empty')} />
  const versions = [...query.data].sort((a, b) => b.version - a.version)
  const environmentChanges = new Map(
    defaultEnvironmentChanges(versions).map((change) => [change.version, change]),
  )

  return (
    <section aria-labelledby="versions-heading" className="flex max-w-5xl flex-col gap-3">
      <h2 id="versions-heading" className="text-lg font-semibold">
        {t('agents.versions.heading')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('agents.versions.intro')}</p>
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('agents.versions.caption')}</caption>
          <thead className="bg-muted text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('agents.versions.columnVersion')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('agents.versions.columnSaved')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('agents.versions.columnBy')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('agents.versions.columnDefaultEnvironment')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('agents.versions.columnChanges')}
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version, index) => {
              const environmentChange = environmentChanges.get(version.version)
              const fields = changedFields(versions, index)
              return (
                <tr key={version.version} className="border-t border-border align-top">
                  <th scope="row" className="px-3 py-2 font-medium">
                    {version.version}
                  </th>
                  <td className="px-3 py-2" title={formatExactTime(version.createdAt)}>
                    {formatRelativeTime(Math.min(version.createdAt, now), now)}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{version.snapshot.updatedBy ?? '—'}</td>
                  <td className="px-3 py-2">
                    <span className="break-words">
                      {nameOf(version.snapshot.defaultEnvironmentId || null)}
                    </span>
                    {environmentChange ? (
                      <Badge tone="info" className="ml-2">
                        {environmentChange.from === null
                          ? t('agents.versions.defaultSet')
                          : t('agents.versions.changedFrom', { environment: nameOf(environmentChange.from) })}
                      </Badge>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    {fields && fields.length > 0 ? (
                      <p className="font-mono text-xs break-words text-muted-foreground">
                        {fields.join(', ')}
                      </p>
                    ) : null}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
    </section>
  )
}
