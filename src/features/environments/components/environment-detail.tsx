import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useSearchParams } from 'react-router'
import { VisibleText } from '@/components/text/visible-text'
import { environmentQuery } from '@/data/environments/queries'
import { EnvironmentActions } from './environment-actions'
import { EnvironmentOverview } from './environment-overview'
import { RotationCutoverPanel } from './rotation-cutover-panel'
import { UsagePanel } from './usage-panel'
import { WorkersPanel } from './workers-panel'
import { isApiError } from '@/api/api-error'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { CopyButton } from '@/components/ui/copy-button'
import { Notice } from '@/components/ui/notice'
import { PanelErrorBoundary } from '@/components/ui/panel-error-boundary'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { TabPanel, Tabs } from '@/components/ui/tabs'
import { useT } from '@/i18n'
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
  const { t } = useT('environments')
  const idBase = useId()
  const query = useQuery(environmentQuery(environmentId))
  const [params, setParams] = useSearchParams()

  if (query.isError) {
    const isMissing = isApiError(query.error) && query.error.status === 404
    return (
      <>
        <PageHeader
          title={t('environments.detail.fallbackTitle')}
          description={<span className="font-mono">{environmentId}</span>}
        />
        <div className="p-6">
          <QueryErrorState
            title={isMissing ? t('environments.detail.notFound') : t('environments.detail.loadFailed')}
            error={query.error}
            {...(isMissing ? { message: t('environments.detail.notFoundMessage') } : {})}
            onRetry={() => void query.refetch()}
          />
        </div>
      </>
    )
  }
  if (query.isPending)
    return (
      <>
        <PageHeader
          title={t('environments.detail.fallbackTitle')}
          description={<span className="font-mono">{environmentId}</span>}
        />
        <LoadingState label={t('environments.detail.loading')} />
      </>
    )

  const environment = query.data
  const isArchived = environment.archivedAt !== null
  const isSelfHosted = environment.type === 'self_hosted'
  const requested = params.get('tab')
  const tab: DetailTab =
    requested === 'usage' || (requested === 'workers' && isSelfHosted) ? requested : 'overview'
  const items = [
    { value: 'overview' as const, label: t('environments.detail.tabs.overview') },
    ...(isSelfHosted ? [{ value: 'workers' as const, label: t('environments.detail.tabs.workers') }] : []),
    { value: 'usage' as const, label: t('environments.detail.tabs.usage') },
  ]

  return (
    <>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-2">
            <VisibleText text={environment.name} />
            {isArchived ? <Badge tone="warning">{t('environments.detail.archivedBadge')}</Badge> : null}
          </span>
        }
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <span className="font-mono">{environment.id}</span>
            <CopyButton text={environment.id} label={t('environments.common.copyId')} />
          </span>
        }
        actions={<EnvironmentActions environment={environment} canWrite={canWrite} />}
      />
      <div className="flex flex-col gap-4 p-6">
        {isArchived ? (
          <Notice tone="warning" title={t('environments.detail.archivedTitle')}>
            {t('environments.detail.archived', { time: formatExactTime(environment.archivedAt ?? 0) })}
          </Notice>
        ) : null}
        {canWrite ? null : (
          <Notice tone="info">
            <Badge tone="warning">{t('environments.common.readOnly')}</Badge> {readOnlyReason}
          </Notice>
        )}
        {isSelfHosted ? <RotationCutoverPanel environmentId={environment.id} /> : null}
        <Tabs<DetailTab>
          label={t('environments.detail.sections')}
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
          <PanelErrorBoundary key={tab} title={t('environments.detail.sectionFailed')}>
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
