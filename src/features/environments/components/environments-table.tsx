import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { VisibleText } from '@/components/text/visible-text'
import { Link } from '@/components/ui/link'
import { allEnvironmentsQuery, environmentListQuery } from '@/data/environments/queries'
import { EnvironmentCapabilityBadges } from './environment-capability-badges'
import { EnvironmentHealthCell } from './environment-health-cell'
import { EnvironmentsToolbar } from './environments-toolbar'
import {
  isServerPaged,
  PAGE_SIZE,
  readListView,
  writeListView,
  type EnvironmentListView,
} from '../models/environment-list-params'
import type { Environment } from '../models/environment-types'
import { filterEnvironments } from '../models/filter-environments'
import { Button } from '@/components/ui/button'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { EmptyState, LoadingState } from '@/components/ui/states'
import { RichText, useT } from '@/i18n'
import { RelativeTime } from '@/components/text/relative-time'
import { useAfterNextPaint } from '@/lib/after-next-paint'
import { useNow } from '@/lib/use-now'

/** One page: from the server when it can page the view itself, else cut from the full list. */
function usePage(view: EnvironmentListView) {
  const isServer = isServerPaged(view)
  const offset = (view.page - 1) * PAGE_SIZE
  const server = useQuery({ ...environmentListQuery({ limit: PAGE_SIZE, offset }), enabled: isServer })
  const everything = useQuery({ ...allEnvironmentsQuery(), enabled: !isServer })
  const query = isServer ? server : everything
  const filtered = !isServer && everything.data ? filterEnvironments(everything.data, view) : null
  const data = isServer
    ? server.data
    : filtered && { items: filtered.slice(offset, offset + PAGE_SIZE), total: filtered.length }
  return { query, data, isServer }
}

export function EnvironmentsTable({ canWrite, onCreate }: { canWrite: boolean; onCreate: () => void }) {
  const { t } = useT('environments')
  const [params, setParams] = useSearchParams()
  const view = readListView(params)
  const now = useNow()
  const { query, data, isServer } = usePage(view)
  const update = (next: Partial<EnvironmentListView>) =>
    setParams((current) => writeListView(current, next), { replace: true })
  const isFiltered = !!view.q.trim() || view.type !== null

  let body
  if (query.isError)
    body = (
      <QueryErrorState
        title={t('environments.list.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    )
  else if (query.isPending || !data) body = <LoadingState label={t('environments.list.loading')} />
  else if (data.total === 0 && !isFiltered)
    body = (
      <EmptyState
        title={t('environments.list.emptyTitle')}
        action={
          canWrite ? (
            <Button variant="primary" onClick={onCreate}>
              {t('environments.create.submit')}
            </Button>
          ) : null
        }
      >
        <RichText
          id="environments.list.emptyBody"
          values={{
            selfHosted: <strong>{t('environments.list.emptyTypes.selfHosted')}</strong>,
            sandbox: <strong>{t('environments.list.emptyTypes.sandbox')}</strong>,
            local: <strong>{t('environments.list.emptyTypes.local')}</strong>,
            remote: <strong>{t('environments.list.emptyTypes.remote')}</strong>,
          }}
        />
      </EmptyState>
    )
  else if (data.total === 0)
    body = (
      <EmptyState
        title={t('environments.list.noMatchTitle')}
        action={
          <Button onClick={() => update({ q: '', type: null, page: 1 })}>
            {t('environments.list.clearFilters')}
          </Button>
        }
      >
        {view.q.trim()
          ? t('environments.list.noMatchQuery', { query: view.q.trim() })
          : t('environments.list.noMatchFilter')}
      </EmptyState>
    )
  else if (data.items.length === 0)
    body = (
      <EmptyState
        title={t('environments.list.emptyPage', { page: view.page })}
        action={<Button onClick={() => update({ page: 1 })}>{t('environments.list.firstPage')}</Button>}
      />
    )
  else
    body = (
      <EnvironmentRows
        items={data.items}
        now={now}
        total={data.total}
        view={view}
        onPage={(page) => update({ page })}
      />
    )

  return (
    <div className="flex flex-col gap-4">
      <EnvironmentsToolbar view={view} onChange={update} />
      {!isServer && data ? (
        <p className="text-xs text-muted-foreground" role="status">
          {t('environments.list.clientSide')}
        </p>
      ) : null}
      {body}
    </div>
  )
}

function EnvironmentRows({
  items,
  total,
  now,
  view,
  onPage,
}: {
  items: Environment[]
  total: number
  now: number
  view: EnvironmentListView
  onPage: (page: number) => void
}) {
  const { t } = useT('environments')
  // The workers column asks for its answers once the rows are on screen (see the cell).
  const isDrawn = useAfterNextPaint()
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE))
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {t('environments.list.caption', { page: view.page, pageCount })}
          </caption>
          <thead className="bg-muted text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t('environments.form.name')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('environments.list.typeColumn')}
              </th>
              <th scope="col" className="px-3 py-2" title={t('environments.health.rule')}>
                {t('environments.list.workersColumn')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('environments.list.updatedColumn')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((environment) => (
              <tr key={environment.id} className="border-t border-border align-top">
                <td className="max-w-80 px-3 py-2">
                  <Link
                    className="font-medium break-words text-primary hover:underline"
                    to={`/environments/${encodeURIComponent(environment.id)}`}
                  >
                    <VisibleText text={environment.name} />
                  </Link>
                  <div className="font-mono text-xs text-muted-foreground">{environment.id}</div>
                </td>
                <td className="px-3 py-2">
                  <EnvironmentCapabilityBadges environment={environment} />
                </td>
                <td className="px-3 py-2">
                  {environment.type === 'self_hosted' ? (
                    <EnvironmentHealthCell environmentId={environment.id} now={now} canAsk={isDrawn} />
                  ) : (
                    <span className="text-xs text-muted-foreground">
                      {t('environments.list.notApplicable')}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <RelativeTime at={environment.updatedAt} now={now} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav
        aria-label={t('environments.list.pagination')}
        className="flex items-center justify-between text-sm"
      >
        <span className="text-muted-foreground">
          {t('environments.list.pageSummary', { total, page: view.page, pageCount })}
        </span>
        <span className="flex gap-2">
          <Button size="sm" disabled={view.page <= 1} onClick={() => onPage(view.page - 1)}>
            {t('environments.list.previous')}
          </Button>
          <Button size="sm" disabled={view.page >= pageCount} onClick={() => onPage(view.page + 1)}>
            {t('environments.list.next')}
          </Button>
        </span>
      </nav>
    </div>
  )
}
