import { useQuery } from '@tanstack/react-query'
import { environmentQuery } from '../api/queries'
import { environmentTypeInfo, isEnvironmentType } from '../models/environment-types'
import { errorMessage, isApiError } from '@/api/api-error'
import { ErrorState, LoadingState } from '@/components/ui/states'
import { formatExactTime } from '@/lib/format-time'
import { maskConfigSecrets } from '../models/mask-config-secrets'

export function EnvironmentOverview({ environmentId }: { environmentId: string }) {
  const query = useQuery(environmentQuery(environmentId))
  if (query.isPending) return <LoadingState label="Loading environment…" />
  if (query.isError) {
    return (
      <ErrorState
        title={
          isApiError(query.error) && query.error.status === 404
            ? 'Environment not found'
            : 'Environment could not be loaded'
        }
        message={errorMessage(query.error)}
        requestId={isApiError(query.error) ? query.error.requestId : undefined}
        onRetry={() => void query.refetch()}
      />
    )
  }
  const environment = query.data
  const info = isEnvironmentType(environment.type) ? environmentTypeInfo[environment.type] : null
  return (
    <section aria-labelledby="environment-overview" className="flex flex-col gap-4">
      <h2 id="environment-overview" className="text-lg font-semibold break-words">
        {environment.name}
      </h2>
      <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Type</dt>
        <dd>{info ? `${info.label} — ${info.summary}` : environment.type}</dd>
        <dt className="text-muted-foreground">Owner</dt>
        <dd className="break-all">{environment.ownerId}</dd>
        <dt className="text-muted-foreground">Created</dt>
        <dd>{formatExactTime(environment.createdAt)}</dd>
        <dt className="text-muted-foreground">Updated</dt>
        <dd>{formatExactTime(environment.updatedAt)}</dd>
      </dl>
      <div>
        <h3 className="text-sm font-semibold">Config</h3>
        <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-muted p-3 font-mono text-xs break-all whitespace-pre-wrap">
          {JSON.stringify(maskConfigSecrets(environment.config), null, 2)}
        </pre>
      </div>
    </section>
  )
}
