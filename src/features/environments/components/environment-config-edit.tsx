import { useQuery } from '@tanstack/react-query'
import { Link } from '@/components/ui/link'
import { environmentQuery } from '@/data/environments/queries'
import { ConfigEditSession } from './config-edit-session'
import { isEnvironmentType } from '../models/environment-types'
import { errorMessage, isApiError } from '@/api/api-error'
import { PageHeader } from '@/components/layout/page-header'
import { Notice } from '@/components/ui/notice'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { useT } from '@/i18n'

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
  const { t } = useT('environments')
  const query = useQuery(environmentQuery(environmentId))
  const back = (
    <Link
      className="text-sm text-primary hover:underline"
      to={`/environments/${encodeURIComponent(environmentId)}`}
    >
      {t('environments.edit.back')}
    </Link>
  )
  let body
  if (query.isError)
    body = (
      <QueryErrorState
        title={
          isApiError(query.error) && query.error.status === 404
            ? t('environments.detail.notFound')
            : t('environments.detail.loadFailed')
        }
        error={query.error}
        message={t('environments.edit.loadFailedMessage', { error: errorMessage(query.error) })}
        onRetry={() => void query.refetch()}
      />
    )
  else if (query.isPending) body = <LoadingState label={t('environments.detail.loading')} />
  else if (!canWrite)
    body = (
      <Notice tone="info" title={t('environments.common.readOnly')}>
        {readOnlyReason} {back}
      </Notice>
    )
  else if (query.data.archivedAt !== null)
    body = (
      <Notice tone="warning" title={t('environments.edit.archivedTitle')}>
        {t('environments.edit.archived')} {back}
      </Notice>
    )
  else if (!isEnvironmentType(query.data.type))
    body = (
      <Notice tone="warning" title={t('environments.edit.unknownTypeTitle')}>
        {t('environments.edit.unknownType', { type: query.data.type })} {back}
      </Notice>
    )
  else body = <ConfigEditSession environment={query.data} type={query.data.type} />

  return (
    <>
      <PageHeader
        title={
          query.data
            ? t('environments.edit.title', { name: query.data.name })
            : t('environments.edit.titleFallback')
        }
        description={<span className="font-mono">{environmentId}</span>}
      />
      <div className="p-6">{body}</div>
    </>
  )
}
