import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { environmentListQuery } from '../api/queries'
import { environmentTypeInfo, isEnvironmentType } from '../models/environment-types'
import { errorMessage, isApiError } from '@/api/api-error'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states'
import { formatExactTime, formatRelativeTime } from '@/lib/format-time'
import { useNow } from '@/lib/use-now'

const PAGE_SIZE = 25

function readPage(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return Number.isFinite(page) && page > 0 ? page : 1
}

export function EnvironmentsTable() {
  const [params, setParams] = useSearchParams()
  const page = readPage(params)
  const now = useNow()
  const query = useQuery(environmentListQuery({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }))

  if (query.isPending) return <LoadingState label="Loading environments…" />
  if (query.isError) {
    return (
      <ErrorState
        title="Environments could not be loaded"
        message={errorMessage(query.error)}
        requestId={isApiError(query.error) ? query.error.requestId : undefined}
        onRetry={() => void query.refetch()}
      />
    )
  }
  const { items, total } = query.data
  if (total === 0) {
    return (
      <EmptyState title="No environments yet">
        An environment decides where an agent&apos;s file and shell tools run: <strong>self-hosted</strong>{' '}
        (your worker), <strong>sandbox</strong> (E2B), <strong>local</strong> (the dataplane) or{' '}
        <strong>remote</strong> (shared files, no shell).
      </EmptyState>
    )
  }
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const goTo = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current)
      updated.set('page', String(next))
      return updated
    })

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Environments, page {page} of {pageCount}
          </caption>
          <thead className="bg-muted text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Name
              </th>
              <th scope="col" className="px-3 py-2">
                Type
              </th>
              <th scope="col" className="px-3 py-2">
                Runs tools
              </th>
              <th scope="col" className="px-3 py-2">
                Updated
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((environment) => {
              const info = isEnvironmentType(environment.type) ? environmentTypeInfo[environment.type] : null
              return (
                <tr key={environment.id} className="border-t border-border">
                  <td className="max-w-80 px-3 py-2">
                    <Link
                      className="font-medium break-words text-primary hover:underline"
                      to={`/environments/${environment.id}`}
                    >
                      {environment.name}
                    </Link>
                    <div className="font-mono text-xs text-muted-foreground">{environment.id}</div>
                  </td>
                  <td className="px-3 py-2">
                    <Badge tone="info">{info?.label ?? environment.type}</Badge>
                  </td>
                  <td className="px-3 py-2">
                    {info ? (
                      <span>
                        {info.executor}
                        {info.hasShell ? '' : ' · no shell'}
                      </span>
                    ) : (
                      'Unknown'
                    )}
                  </td>
                  <td className="px-3 py-2" title={formatExactTime(environment.updatedAt)}>
                    {formatRelativeTime(environment.updatedAt, now)}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pagination" className="flex items-center justify-between text-sm">
        <span className="text-muted-foreground">
          {total} environment{total === 1 ? '' : 's'} · page {page} of {pageCount}
        </span>
        <span className="flex gap-2">
          <Button size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
            Previous
          </Button>
          <Button size="sm" disabled={page >= pageCount} onClick={() => goTo(page + 1)}>
            Next
          </Button>
        </span>
      </nav>
    </div>
  )
}
