import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { useClaimTakeovers } from '../hooks/use-claim-takeovers'
import { useEnvironmentWorkers } from '../hooks/use-environment-workers'
import { useEnvironmentSessionTitles } from '../hooks/use-session-titles'
import { ClaimHandoverNotices } from './claim-handover-notices'
import { QueueStats } from './queue-stats'
import { WorkItemsTable } from './work-items-table'
import { WorkerPresenceBadge } from './worker-presence-badge'
import { WorkerRunGuideView } from './worker-run-guide-view'
import { WorkersTable } from './workers-table'
import type { Environment } from '../models/environment-types'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { EmptyState, Spinner } from '@/components/ui/states'
import { pendingTakeovers } from '@/data/work/claim-takeovers'
import { workerPresence } from '@/data/work/worker-presence'
import { useT } from '@/i18n'
import { formatRelativeTime } from '@/lib/format-time'

/**
 * Workers the dataplane heard poll since the environment was created but that claimed nothing
 * here: new or idle workers of this environment, or another environment's. Only their polls are
 * known here, so their presence is judged from those.
 */
function unlinkedWorkers(
  heartbeats: Readonly<Record<string, number>>,
  linked: ReadonlySet<string>,
  since: number,
  now: number,
) {
  return Object.entries(heartbeats)
    .filter(([workerId, at]) => !linked.has(workerId) && at >= since)
    .sort(([a, atA], [b, atB]) => atB - atA || a.localeCompare(b))
    .map(([workerId]) => workerPresence(workerId, [], heartbeats, now))
}

/** Where links to the worker guide point (a stalled session's "start a worker" fix). */
export const WORKER_GUIDE_ANCHOR = 'worker-guide'

/** Self-hosted only: who is polling, what they hold, what waits, and how to start a worker. */
export function WorkersPanel({ environment }: { environment: Environment }) {
  const { t } = useT('environments')
  const { hash } = useLocation()
  // A client-side navigation does not scroll to its #fragment: do it once the guide is on screen.
  useEffect(() => {
    if (hash === `#${WORKER_GUIDE_ANCHOR}`) document.getElementById(WORKER_GUIDE_ANCHOR)?.scrollIntoView()
  }, [hash])
  const { workers, summary, heartbeats, workItems, isPending, error, refetch, now } = useEnvironmentWorkers(
    environment.id,
  )
  const takeovers = useClaimTakeovers(workItems)
  const sessionTitle = useEnvironmentSessionTitles(
    environment.id,
    (workItems ?? []).map((item) => item.sessionId),
  )
  const others = unlinkedWorkers(
    heartbeats,
    new Set(workers.map((worker) => worker.workerId)),
    environment.createdAt,
    now,
  )

  let workerList
  if (error)
    workerList = (
      <QueryErrorState
        title={t('environments.workers.loadFailed')}
        error={error}
        onRetry={() => void refetch()}
      />
    )
  else if (isPending) workerList = <Spinner label={t('environments.workers.loading')} />
  else if (workers.length === 0)
    workerList = (
      <EmptyState title={t('environments.workers.emptyTitle')}>
        {t('environments.workers.emptyBody')}
      </EmptyState>
    )
  else workerList = <WorkersTable workers={workers} now={now} sessionTitle={sessionTitle} />

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="workers-heading" className="flex flex-col gap-2">
        <h2 id="workers-heading" className="text-base font-semibold">
          {t('environments.workers.heading')}
        </h2>
        <p className="text-xs text-muted-foreground">
          {t('environments.health.rule')} {t('environments.workers.linkNote')}
        </p>
        {workerList}
        {others.length > 0 ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground">
              {t('environments.workers.others', { count: others.length })}
            </summary>
            <p className="mt-2 text-xs text-muted-foreground">{t('environments.workers.othersNote')}</p>
            <ul className="mt-2 flex flex-col gap-1">
              {others.map((worker) => (
                <li key={worker.workerId} className="flex items-center gap-2">
                  <code className="font-mono text-xs">{worker.workerId}</code>
                  <WorkerPresenceBadge state={worker.state} />
                  {worker.lastPollAt === null ? null : (
                    <span className="text-xs text-muted-foreground">
                      {formatRelativeTime(worker.lastPollAt, now)}
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>
      <section aria-labelledby="queue-heading" className="flex flex-col gap-2">
        <h2 id="queue-heading" className="text-base font-semibold">
          {t('environments.workers.queue')}
        </h2>
        <QueueStats environmentId={environment.id} workers={isPending || error ? null : summary} />
      </section>
      <section aria-labelledby="claims-heading" className="flex flex-col gap-2">
        <h2 id="claims-heading" className="text-base font-semibold">
          {t('environments.workItems.caption')}
        </h2>
        <ClaimHandoverNotices
          takeovers={takeovers}
          staleClaims={workItems ? pendingTakeovers(workItems, now) : []}
          now={now}
          sessionTitle={sessionTitle}
        />
        <WorkItemsTable environmentId={environment.id} now={now} takeovers={takeovers} />
      </section>
      {environment.archivedAt === null ? (
        <WorkerRunGuideView environment={environment} headingLevel={2} anchorId={WORKER_GUIDE_ANCHOR} />
      ) : null}
    </div>
  )
}
