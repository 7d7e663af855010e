import { useQuery } from '@tanstack/react-query'
import { useAgentVersions } from '@/data/agents/use-agent-versions'
import { allEnvironmentsQuery } from '@/data/environments/queries'
import type { AgentVersion } from '../models/agent-types'
import { defaultEnvironmentChanges } from '../models/default-environment-history'
import { diffDefinitions } from '../models/diff-definitions'
import { Badge } from '@/components/ui/badge'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { EmptyState, LoadingState } from '@/components/ui/states'
import { useT } from '@/i18n'
import { RelativeTime } from '@/components/text/relative-time'
import { useNow } from '@/lib/use-now'

function changedFields(versions: AgentVersion[], index: number): string[] | null {
  const previous = versions[index + 1]?.definition
  const current = versions[index]?.definition
  // The oldest stored version has nothing to compare with, and an unread one cannot be compared.
  return previous && current ? diffDefinitions(previous, current).map((c) => c.field) : null
}

/** Definition history, newest first, with the versions that moved the default environment marked. */
export function AgentVersions({ agentId }: { agentId: string }) {
  const { t } = useT('agents')
  const now = useNow()
  const history = useAgentVersions(agentId)
  const { query } = history
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
  const versions = [...(history.versions ?? [])].sort((a, b) => b.version - a.version)
  if (versions.length === 0) return <EmptyState title={t('agents.versions.empty')} />
  // Marked once every version's definition is known, so a change is never pinned on the wrong one.
  const environmentChanges = new Map(
    history.isFilling ? [] : defaultEnvironmentChanges(versions).map((change) => [change.version, change]),
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
                  <td className="px-3 py-2">
                    {version.createdAt === null ? '—' : <RelativeTime at={version.createdAt} now={now} />}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{version.createdBy ?? '—'}</td>
                  <td className="px-3 py-2">
                    <span className="break-words">
                      {version.definition
                        ? nameOf(version.definition.defaultEnvironmentId || null)
                        : history.isFilling
                          ? t('agents.versions.definitionLoading')
                          : t('agents.versions.definitionUnavailable')}
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
                    {version.summary ? <p className="break-words">{version.summary}</p> : null}
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
