import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useSearchParams } from 'react-router'
import { environmentQuery } from '../api/queries'
import { EnvironmentActions } from './environment-actions'
import { EnvironmentOverview } from './environment-overview'
import { RotationCutoverPanel } from './rotation-cutover-panel'
import { UsagePanel } from './usage-panel'
import { WorkersPanel } from './workers-panel'
import { errorMessage, isApiError } from '@/api/api-error'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { CopyButton } from '@/components/ui/copy-button'
import { Notice } from '@/components/ui/notice'
import { PanelErrorBoundary } from '@/components/ui/panel-error-boundary'
import { ErrorState, LoadingState } from '@/components/ui/states'
import { TabPanel, Tabs } from '@/components/ui/tabs'
import { formatExactTime } from '@/lib/format-time'

type DetailTab = 'overview' | 'workers' | 'usage'

export function EnvironmentDetail({
  environmentId,
  canWrite,
  readOnlyReason,
}: {
  environmentId: string
  canWrite: boolean
  readOnlyReason: string
}) {
  const idBase = useId()
  const query = useQuery(environmentQuery(environmentId))
  const [params, setParams] = useSearchParams()

  if (query.isError) {
    const isMissing = isApiError(query.error) && query.error.status === 404
    return (
      <>
        <PageHeader title="Environment" description={<span className="font-mono">{environmentId}</span>} />
        <div className="p-6">
          <ErrorState
            title={isMissing ? 'Environment not found' : 'Environment could not be loaded'}
            message={
              isMissing
                ? 'It was deleted, or it belongs to another namespace or is not visible to your role. Check the namespace, or go back to the list.'
                : `${errorMessage(query.error)} Try again in a moment.`
            }
            requestId={isApiError(query.error) ? query.error.requestId : undefined}
            onRetry={isMissing ? undefined : () => void query.refetch()}
          />
        </div>
      </>
    )
  }
  if (query.isPending)
    return (
      <>
        <PageHeader title="Environment" description={<span className="font-mono">{environmentId}</span>} />
        <LoadingState label="Loading environment…" />
      </>
    )

  const environment = query.data
  const isArchived = environment.archivedAt !== null
  const isSelfHosted = environment.type === 'self_hosted'
  const requested = params.get('tab')
  const tab: DetailTab =
    requested === 'usage' || (requested === 'workers' && isSelfHosted) ? requested : 'overview'
  const items = [
    { value: 'overview' as const, label: 'Overview' },
    ...(isSelfHosted ? [{ value: 'workers' as const, label: 'Workers & claims' }] : []),
    { value: 'usage' as const, label: 'Usage' },
  ]

  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-2">
            {environment.name}
            {isArchived ? <Badge tone="warning">Archived</Badge> : null}
          </span>
        }
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="font-mono">{environment.id}</span>
            <CopyButton text={environment.id} label="Copy environment ID" variant="ghost" />
          </span>
        }
        actions={<EnvironmentActions environment={environment} canWrite={canWrite} />}
      />
      <div className="flex flex-col gap-4 p-6">
        {isArchived ? (
          <Notice tone="warning" title="Archived: read-only">
            Archived {formatExactTime(environment.archivedAt ?? 0)}. The server refuses config changes (409)
            and key rotation for archived environments, and there is no unarchive. It no longer appears in the
            list; running work was not cancelled. It can still be deleted.
          </Notice>
        ) : null}
        {canWrite ? null : (
          <Notice tone="info">
            <Badge tone="warning">Read-only</Badge> {readOnlyReason}
          </Notice>
        )}
        {isSelfHosted ? <RotationCutoverPanel environmentId={environment.id} /> : null}
        <Tabs<DetailTab>
          label="Environment sections"
          idBase={idBase}
          items={items}
          value={tab}
          onValueChange={(next) =>
            setParams(
              (current) => {
                const updated = new URLSearchParams()
                if (next !== 'overview') updated.set('tab', next)
                if (next === 'workers' && current.get('state'))
                  updated.set('state', current.get('state') ?? '')
                return updated
              },
              { replace: true },
            )
          }
        />
        <TabPanel idBase={idBase} value={tab}>
          {/* One failing tab shows its own error; the header and the other tabs keep working. */}
          <PanelErrorBoundary key={tab} title="This section failed to render">
            {tab === 'overview' ? (
              <EnvironmentOverview environment={environment} canEdit={canWrite && !isArchived} />
            ) : null}
            {tab === 'workers' ? <WorkersPanel environment={environment} /> : null}
            {tab === 'usage' ? <UsagePanel environmentId={environment.id} /> : null}
          </PanelErrorBoundary>
        </TabPanel>
      </div>
    </>
  )
}
