import { Link } from 'react-router'
import { WorkerHealthBadge } from './worker-health-badge'
import type { EnvironmentWorker } from '../models/environment-workers'
import { workItemStatusLabel } from '../models/work-types'
import { useT } from '@/i18n'
import { formatExactTime, formatRelativeTime } from '@/lib/format-time'

export function WorkersTable({ workers, now }: { workers: EnvironmentWorker[]; now: number }) {
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
              {t('environments.workers.lastHeartbeat')}
            </th>
            <th scope="col" className="px-3 py-2">
              {t('environments.workers.currentClaims')}
            </th>
          </tr>
        </thead>
        <tbody>
          {workers.map((worker) => (
            <tr key={worker.workerId} className="border-t border-border align-top">
              <td className="px-3 py-2 font-mono text-xs break-all">{worker.workerId}</td>
              <td className="px-3 py-2">
                <WorkerHealthBadge health={worker.health} />
              </td>
              <td
                className="px-3 py-2 whitespace-nowrap"
                title={worker.lastHeartbeatAt === null ? undefined : formatExactTime(worker.lastHeartbeatAt)}
              >
                {worker.lastHeartbeatAt === null
                  ? t('environments.workers.neverReported')
                  : formatRelativeTime(worker.lastHeartbeatAt, now)}
              </td>
              <td className="px-3 py-2">
                {worker.claims.length === 0 ? (
                  <span className="text-muted-foreground">{t('environments.common.none')}</span>
                ) : (
                  <ul>
                    {worker.claims.map((claim) => (
                      <li key={claim.id} className="font-mono text-xs">
                        {workItemStatusLabel(claim.status)} ·{' '}
                        <Link
                          className="text-primary hover:underline"
                          to={`/sessions/${encodeURIComponent(claim.sessionId)}`}
                        >
                          {claim.sessionId}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
