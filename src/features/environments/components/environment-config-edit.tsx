import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { environmentQuery } from '../api/queries'
import { ConfigEditSession } from './config-edit-session'
import { isEnvironmentType } from '../models/environment-types'
import { errorMessage, isApiError } from '@/api/api-error'
import { PageHeader } from '@/components/layout/page-header'
import { Notice } from '@/components/ui/notice'
import { ErrorState, LoadingState } from '@/components/ui/states'

/** The edit page: reads the current environment, then edits a draft of it. */
export function EnvironmentConfigEdit({
  environmentId,
  canWrite,
  readOnlyReason,
}: {
  environmentId: string
  canWrite: boolean
  readOnlyReason: string
}) {
  const query = useQuery(environmentQuery(environmentId))
  const back = (
    <Link
      className="text-sm text-primary hover:underline"
      to={`/environments/${encodeURIComponent(environmentId)}`}
    >
      Back to the environment
    </Link>
  )
  let body
  if (query.isError)
    body = (
      <ErrorState
        title={
          isApiError(query.error) && query.error.status === 404
            ? 'Environment not found'
            : 'Environment could not be loaded'
        }
        message={`${errorMessage(query.error)} Your unsaved draft, if any, is kept in this tab.`}
        onRetry={() => void query.refetch()}
      />
    )
  else if (query.isPending) body = <LoadingState label="Loading environment…" />
  else if (!canWrite)
    body = (
      <Notice tone="info" title="Read-only">
        {readOnlyReason} {back}
      </Notice>
    )
  else if (query.data.archivedAt !== null)
    body = (
      <Notice tone="warning" title="Archived environments are read-only">
        The server refuses changes to an archived environment (409), and there is no unarchive. Create a new
        environment instead. {back}
      </Notice>
    )
  else if (!isEnvironmentType(query.data.type))
    body = (
      <Notice tone="warning" title="Unknown environment type">
        The console does not know the type “{query.data.type}”, so it cannot offer a safe editor. {back}
      </Notice>
    )
  else body = <ConfigEditSession environment={query.data} type={query.data.type} />

  return (
    <>
      <PageHeader
        title={query.data ? `Edit ${query.data.name}` : 'Edit environment'}
        description={<span className="font-mono">{environmentId}</span>}
      />
      <div className="p-6">{body}</div>
    </>
  )
}
