import { useQueries, useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { SessionFilters } from './session-filters'
import { SessionRowActions } from './session-row-actions'
import { StatusBadge } from './status-badge'
import { VisibleText } from '@/components/text/visible-text'
import { agentDefinitionQuery, agentListQuery } from '@/data/agents/queries'
import { allEnvironmentsQuery } from '@/data/environments/queries'
import { sessionListQuery, type SessionList } from '@/data/sessions/queries'
import type { SessionListParams } from '@/data/sessions/keys'
import { byLastActivity, lastActivityOf, useSessionTitles } from '@/data/sessions/session-title'
import { describeEnvironmentSelection } from '../models/describe-environment-selection'
import { useSessionOriginsStore } from '../stores/session-origins-store'
import { SelectionBadge } from './selection-badge'
import { Button } from '@/components/ui/button'
import { ResourceName } from '@/components/ui/resource-name'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { EmptyState, LoadingState } from '@/components/ui/states'
import { t, useT } from '@/i18n'
import { RelativeTime } from '@/components/text/relative-time'
import { useNow } from '@/lib/use-now'

const PAGE_SIZE = 25
const statuses: SessionListParams['status'][] = ['active', 'archived', 'all']

function readStatus(value: string | null): SessionListParams['status'] {
  return statuses.find((status) => status === value) ?? 'active'
}

function rangeLabel(offset: number, list: SessionList): string {
  const range = { from: offset + 1, to: offset + list.items.length }
  if (list.total === null) return t('sessions.list.range', range)
  return list.isTotalAtLeast
    ? t('sessions.list.rangeOfAtLeast', { ...range, total: list.total })
    : t('sessions.list.rangeOf', { ...range, total: list.total })
}

/** An agent or environment this namespace does not list, said in words; the id stays beside it. */
function NotHere({ hint }: { hint: string }) {
  return (
    <span className="text-muted-foreground italic" title={hint}>
      {t('sessions.list.notHere')}
    </span>
  )
}

/** Sessions with their environment (and how it was chosen), status and last activity; paged on the server. */
export function SessionsTable({ canWrite }: { canWrite: boolean }) {
  const { t } = useT('sessions')
  const [params, setParams] = useSearchParams()
  const status = readStatus(params.get('status'))
  const agentId = params.get('agentId') || undefined
  const environmentId = params.get('environmentId') || undefined
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0)
  const now = useNow()
  const query = useQuery(sessionListQuery({ status, agentId, environmentId, limit: PAGE_SIZE, offset }))
  const environments = useQuery(allEnvironmentsQuery())
  const environmentName = (id: string) =>
    environments.data?.find((environment) => environment.id === id)?.name
  const agents = useQuery(agentListQuery('all'))
  const agentName = (id: string) => agents.data?.find((agent) => agent.id === id)?.name ?? null
  // Sessions list whatever the namespace; their agent or environment may not be in this one (or
  // may be deleted). Known only once the catalog and the environments have loaded.
  const isAgentMissing = (id: string) => agents.isSuccess && agentName(id) === null
  const isEnvironmentMissing = (id: string) => environments.isSuccess && environmentName(id) === undefined
  // Newest activity first within the page (the server pages by its own order).
  const sessions = [...(query.data?.items ?? [])].sort(byLastActivity)
  const titles = useSessionTitles(sessions)
  const origins = useSessionOriginsStore((state) => state.origins)
  // Sessions this console did not create are compared with their agent's current default, for
  // agents the catalog lists: any other answers 404 here, on every load of the list.
  const unrecorded = [
    ...new Set(
      (query.data?.items ?? [])
        .filter((session) => !origins[session.id] && agents.isSuccess && !isAgentMissing(session.agentId))
        .map((session) => session.agentId),
    ),
  ]
  const definitions = useQueries({ queries: unrecorded.map((id) => agentDefinitionQuery(id)) })
  const currentDefault = (agentId: string): string | null | undefined => {
    const index = unrecorded.indexOf(agentId)
    const definition = index < 0 ? undefined : definitions[index]
    return definition?.isSuccess ? (definition.data.definition.defaultEnvironmentId ?? null) : undefined
  }

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current)
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key)
        else next.set(key, value)
      }
      return next
    })

  const head = 'px-3 py-2'
  return (
    <div className="flex flex-col gap-3">
      <SessionFilters params={{ status, agentId, environmentId }} onChange={update} />
      <p className="text-xs text-muted-foreground">
        {t('sessions.list.own')}
        {environmentId ? ` ${t('sessions.list.environmentFilteredHere')}` : ''}
      </p>
      {query.isPending ? (
        <LoadingState label={t('sessions.list.loading')} />
      ) : query.isError ? (
        <QueryErrorState
          title={t('sessions.list.loadError')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.items.length === 0 ? (
        <EmptyState title={t('sessions.list.emptyTitle')}>
          {canWrite ? t('sessions.list.emptyBody') : t('sessions.list.emptyBodyReadOnly')}
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('sessions.list.caption')}</caption>
              <thead className="bg-muted text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className={head}>
                    {t('sessions.list.column.session')}
                  </th>
                  <th scope="col" className={head}>
                    {t('sessions.list.column.agent')}
                  </th>
                  <th scope="col" className={head}>
                    {t('sessions.list.column.environment')}
                  </th>
                  <th scope="col" className={head}>
                    {t('sessions.list.column.status')}
                  </th>
                  <th scope="col" className={head}>
                    {t('sessions.list.column.lastActivity')}
                  </th>
                  {canWrite ? (
                    <th scope="col" className={head}>
                      <span className="sr-only">{t('sessions.list.column.actions')}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {sessions.map((session) => {
                  const lastActivity = lastActivityOf(session)
                  const selection = describeEnvironmentSelection(session, {
                    origin: origins[session.id],
                    currentAgentDefault: currentDefault(session.agentId),
                    environmentMissing:
                      session.environmentId !== null &&
                      session.environmentId !== undefined &&
                      isEnvironmentMissing(session.environmentId),
                  })
                  return (
                    <tr key={session.id} className="border-t border-border">
                      <td className="max-w-xs px-3 py-2">
                        <ResourceName
                          name={titles.get(session.id)?.text ?? null}
                          id={session.id}
                          to={`/sessions/${session.id}`}
                        />
                      </td>
                      <td className="px-3 py-2 text-xs">
                        <ResourceName
                          name={
                            isAgentMissing(session.agentId) ? (
                              <NotHere hint={t('sessions.list.agentNotHereHint')} />
                            ) : (
                              agentName(session.agentId)
                            )
                          }
                          id={session.agentId}
                          showCopy={false}
                        />
                      </td>
                      <td className="px-3 py-2">
                        <span className="text-xs">
                          {session.environmentId && isEnvironmentMissing(session.environmentId) ? (
                            <ResourceName
                              name={<NotHere hint={t('sessions.list.environmentNotHereHint')} />}
                              id={session.environmentId}
                              showCopy={false}
                            />
                          ) : session.environmentId ? (
                            <VisibleText
                              text={environmentName(session.environmentId) ?? session.environmentId}
                            />
                          ) : (
                            '—'
                          )}
                        </span>{' '}
                        {selection.source !== 'none' ? <SelectionBadge selection={selection} /> : null}
                      </td>
                      <td className="px-3 py-2">
                        <StatusBadge status={session.archivedAt ? 'archived' : session.status} />
                      </td>
                      <td className="px-3 py-2">
                        <RelativeTime at={lastActivity} now={now} />
                      </td>
                      {canWrite ? (
                        <td className="px-3 py-2">
                          <SessionRowActions
                            session={session}
                            title={
                              titles.get(session.id)?.source === 'id'
                                ? null
                                : (titles.get(session.id)?.text ?? null)
                            }
                          />
                        </td>
                      ) : null}
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          <nav aria-label={t('sessions.list.pagination')} className="flex items-center justify-end gap-2">
            <span className="mr-auto text-xs text-muted-foreground" data-testid="sessions-range">
              {rangeLabel(offset, query.data)}
            </span>
            <Button
              size="sm"
              disabled={offset === 0}
              onClick={() => update({ offset: String(Math.max(0, offset - PAGE_SIZE)) })}
            >
              {t('sessions.list.previous')}
            </Button>
            <Button
              size="sm"
              disabled={query.data.nextOffset === null}
              onClick={() => update({ offset: String(query.data.nextOffset ?? offset) })}
            >
              {t('sessions.list.next')}
            </Button>
          </nav>
        </>
      )}
    </div>
  )
}
