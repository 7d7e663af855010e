import { WorkerPresenceBadge } from './worker-presence-badge'
import type { WorkerPresence } from '@/data/work/worker-presence'
import { workItemStatusLabel } from '../models/work-types'
import { ResourceName } from '@/components/ui/resource-name'
import { useT } from '@/i18n'
import { RelativeTime } from '@/components/text/relative-time'

function When({ at, now, never }: { at: number | null; now: number; never: string }) {
  return at === null ? (
    <span className="text-muted-foreground">{never}</span>
  ) : (
    <RelativeTime at={at} now={now} />
  )
}

export function WorkersTable({
  workers,
  now,
  sessionTitle,
}: {
  workers: WorkerPresence[]
  now: number
  /** What to call a claim's session; null shows its id. */
  sessionTitle: (sessionId: string) => string | null
}) {
  const { t } = useT('environments')
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('environments.workers.caption')}</caption>
        <thead className="bg-muted text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              {t('environments.workers.worker')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('environments.workers.state')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('environments.workers.lastPoll')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('environments.workers.lastActivity')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('environments.workers.currentClaims')}
            </th>
          </tr>
        </thead>
        <tbody>
          {workers.map((worker) => {
            const stale = new Set(worker.staleClaims.map((claim) => claim.id))
            return (
              <tr key={worker.workerId} className="border-t border-border align-top">
                <td className="px-3 py-2 font-mono text-xs break-all">{worker.workerId}</td>
                <td className="px-3 py-2">
                  <WorkerPresenceBadge state={worker.state} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <When at={worker.lastPollAt} now={now} never={t('environments.workers.neverPolled')} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <When at={worker.lastActivityAt} now={now} never={t('environments.common.none')} />
                </td>
                <td className="px-3 py-2">
                  {worker.claims.length === 0 ? (
                    <span className="text-muted-foreground">{t('environments.common.none')}</span>
                  ) : (
                    <ul>
                      {worker.claims.map((claim) => (
                        <li key={claim.id} className="flex flex-wrap items-baseline gap-x-1 text-xs">
                          <span>{workItemStatusLabel(claim.status)} ·</span>
                          <ResourceName
                            name={sessionTitle(claim.sessionId)}
                            id={claim.sessionId}
                            to={`/sessions/${encodeURIComponent(claim.sessionId)}`}
                          />
                          {stale.has(claim.id) ? (
                            <span className="text-warning">{t('environments.workers.staleClaim')}</span>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
