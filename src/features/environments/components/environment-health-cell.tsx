import { useQuery } from '@tanstack/react-query'
import { handsStatusQuery, workItemsQuery } from '../api/queries'
import { environmentWorkers, summarizeWorkerHealth } from '../models/environment-workers'
import { WORKER_HEALTH_RULE } from '../models/worker-health'
import { Badge } from '@/components/ui/badge'

/** Worker health of one self-hosted environment, from heartbeats and the workers that claimed work. */
export function EnvironmentHealthCell({ environmentId, now }: { environmentId: string; now: number }) {
  const work = useQuery(workItemsQuery(environmentId))
  const hands = useQuery(handsStatusQuery())
  if (work.isPending || hands.isPending)
    return <span className="text-xs text-muted-foreground">Checking…</span>
  if (work.isError || hands.isError) return <span className="text-xs text-muted-foreground">Unavailable</span>
  const summary = summarizeWorkerHealth(environmentWorkers(work.data, hands.data.workerHeartbeats, now))
  if (summary.total === 0) return <Badge title="No worker has claimed work here yet">No workers seen</Badge>
  return (
    <span className="flex flex-wrap gap-1" title={WORKER_HEALTH_RULE}>
      <Badge tone={summary.online > 0 ? 'success' : 'danger'}>{summary.online} online</Badge>
      {summary.stale > 0 ? <Badge tone="warning">{summary.stale} stale</Badge> : null}
      {summary.offline + summary.unknown > 0 ? (
        <Badge>{summary.offline + summary.unknown} offline</Badge>
      ) : null}
    </span>
  )
}
