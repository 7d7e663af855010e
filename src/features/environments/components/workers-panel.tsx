import { useEnvironmentWorkers } from '../api/use-environment-workers'
import { QueueStats } from './queue-stats'
import { WorkItemsTable } from './work-items-table'
import { WorkerHealthBadge } from './worker-health-badge'
import { WorkerRunGuideView } from './worker-run-guide-view'
import { WorkersTable } from './workers-table'
import { unlinkedWorkers } from '../models/environment-workers'
import type { Environment } from '../models/environment-types'
import { WORKER_HEALTH_RULE } from '../models/worker-health'
import { errorMessage } from '@/api/api-error'
import { EmptyState, ErrorState, Spinner } from '@/components/ui/states'
import { formatRelativeTime } from '@/lib/format-time'

/** Self-hosted only: who is polling, what they hold, what waits, and how to start a worker. */
export function WorkersPanel({ environment }: { environment: Environment }) {
  const { workers, summary, heartbeats, isPending, error, refetch, now } = useEnvironmentWorkers(
    environment.id,
  )
  const others = unlinkedWorkers(
    heartbeats,
    new Set(workers.map((worker) => worker.workerId)),
    now,
    environment.createdAt,
  )

  let workerList
  if (error)
    workerList = (
      <ErrorState
        title="Workers could not be loaded"
        message={`${errorMessage(error)} Try again in a moment.`}
        onRetry={() => void refetch()}
      />
    )
  else if (isPending) workerList = <Spinner label="Loading workers…" />
  else if (workers.length === 0)
    workerList = (
      <EmptyState title="No worker has claimed work here yet">
        A worker shows up here once it has claimed work from this environment. Start one with the guide below.
      </EmptyState>
    )
  else workerList = <WorkersTable workers={workers} now={now} />

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="workers-heading" className="flex flex-col gap-2">
        <h2 id="workers-heading" className="text-base font-semibold">
          Workers
        </h2>
        <p className="text-xs text-muted-foreground">
          {WORKER_HEALTH_RULE} The API reports heartbeats for all workers at once; a worker is linked to this
          environment by the work it claimed here.
        </p>
        {workerList}
        {others.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground">
              {others.length} other worker{others.length === 1 ? '' : 's'} heard from since this environment
              was created
            </summary>
            <p className="mt-2 text-xs text-muted-foreground">
              Not linked to this environment: they may be idle workers of this environment that have claimed
              nothing yet, or workers of other environments.
            </p>
            <ul className="mt-2 flex flex-col gap-1">
              {others.map((worker) => (
                <li key={worker.workerId} className="flex items-center gap-2">
                  <code className="font-mono text-xs">{worker.workerId}</code>
                  <WorkerHealthBadge health={worker.health} />
                  <span className="text-xs text-muted-foreground">
                    {formatRelativeTime(worker.lastHeartbeatAt, now)}
                  </span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>
      <section aria-labelledby="queue-heading" className="flex flex-col gap-2">
        <h2 id="queue-heading" className="text-base font-semibold">
          Queue
        </h2>
        <QueueStats environmentId={environment.id} workers={isPending || error ? null : summary} />
      </section>
      <section aria-labelledby="claims-heading" className="flex flex-col gap-2">
        <h2 id="claims-heading" className="text-base font-semibold">
          Work items
        </h2>
        <WorkItemsTable environmentId={environment.id} now={now} />
      </section>
      {environment.archivedAt === null ? (
        <WorkerRunGuideView environment={environment} headingLevel={2} />
      ) : null}
    </div>
  )
}
