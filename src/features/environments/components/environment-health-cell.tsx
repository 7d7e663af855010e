import { useQuery } from '@tanstack/react-query'
import { handsStatusQuery, workItemsQuery } from '@/data/work/queries'
import { environmentWorkerPresence, summarizePresence } from '@/data/work/worker-presence'
import { Badge } from '@/components/ui/badge'
import { useT } from '@/i18n'

/**
 * Worker presence of one self-hosted environment: the workers that claimed its work, by state.
 * Asked for once `canAsk` (the table's rows have been drawn): starting a row's requests in the
 * commit that shows the rows put them ahead of the rows' first paint.
 */
export function EnvironmentHealthCell({
  environmentId,
  now,
  canAsk,
}: {
  environmentId: string
  now: number
  canAsk: boolean
}) {
  const { t } = useT('environments')
  const work = useQuery({ ...workItemsQuery(environmentId), enabled: canAsk })
  const hands = useQuery({ ...handsStatusQuery(), enabled: canAsk })
  if (work.isPending || hands.isPending)
    return <span className="text-xs text-muted-foreground">{t('environments.healthCell.checking')}</span>
  if (work.isError || hands.isError)
    return <span className="text-xs text-muted-foreground">{t('environments.healthCell.unavailable')}</span>
  const summary = summarizePresence(environmentWorkerPresence(work.data, hands.data.workerHeartbeats, now))
  if (summary.total === 0)
    return <Badge title={t('environments.healthCell.noneHint')}>{t('environments.healthCell.none')}</Badge>
  return (
    <span className="flex flex-wrap gap-1" title={t('environments.health.rule')}>
      <Badge tone={summary.online > 0 ? 'success' : 'danger'}>
        {t('environments.healthCell.online', { count: summary.online })}
      </Badge>
      {summary.busy > 0 ? (
        <Badge tone="info">{t('environments.healthCell.busy', { count: summary.busy })}</Badge>
      ) : null}
      {summary.stale > 0 ? (
        <Badge tone="warning">{t('environments.healthCell.stale', { count: summary.stale })}</Badge>
      ) : null}
      {summary.offline + summary.unknown > 0 ? (
        <Badge>{t('environments.healthCell.offline', { count: summary.offline + summary.unknown })}</Badge>
      ) : null}
    </span>
  )
}
