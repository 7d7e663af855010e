import { useQuery } from '@tanstack/react-query'
import { handsStatusQuery, workItemsQuery } from '@/data/work/queries'
import { environmentWorkers, summarizeWorkerHealth } from '../models/environment-workers'
import { workerHealthRule } from '../models/worker-health'
import { Badge } from '@/components/ui/badge'
import { useT } from '@/i18n'

/** Worker health of one self-hosted environment, from heartbeats and the workers that claimed work. */
export function EnvironmentHealthCell({ environmentId, now }: { environmentId: string; now: number }) {
  const { t } = useT('environments')
  const work = useQuery(workItemsQuery(environmentId))
  const hands = useQuery(handsStatusQuery())
  if (work.isPending || hands.isPending)
    return <span className="text-xs text-muted-foreground">{t('environments.healthCell.checking')}</span>
  if (work.isError || hands.isError)
    return <span className="text-xs text-muted-foreground">{t('environments.healthCell.unavailable')}</span>
  const summary = summarizeWorkerHealth(environmentWorkers(work.data, hands.data.workerHeartbeats, now))
  if (summary.total === 0)
    return <Badge title={t('environments.healthCell.noneHint')}>{t('environments.healthCell.none')}</Badge>
  return (
    <span className="flex flex-wrap gap-1" title={workerHealthRule()}>
      <Badge tone={summary.online > 0 ? 'success' : 'danger'}>
        {t('environments.healthCell.online', { count: summary.online })}
      </Badge>
      {summary.stale > 0 ? (
        <Badge tone="warning">{t('environments.healthCell.stale', { count: summary.stale })}</Badge>
      ) : null}
      {summary.offline + summary.unknown > 0 ? (
        <Badge>{t('environments.healthCell.offline', { count: summary.offline + summary.unknown })}</Badge>
      ) : null}
    </span>
  )
}
