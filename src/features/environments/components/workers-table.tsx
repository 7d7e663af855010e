import { Link } from 'react-router'
import { WorkerHealthBadge } from './worker-health-badge'
import type { EnvironmentWorker } from '../models/environment-workers'
import { formatExactTime, formatRelativeTime } from '@/lib/format-time'

export function WorkersTable({ workers, now }: { workers: EnvironmentWorker[]; now: number }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Workers of this environment</caption>
        <thead className="bg-muted text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Worker
            </th>
            <th scope="col" className="px-3 py-2">
              State
            </th>
            <th scope="col" className="px-3 py-2">
              Last heartbeat
            </th>
            <th scope="col" className="px-3 py-2">
              Current claims
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
                  ? 'Never reported'
                  : formatRelativeTime(worker.lastHeartbeatAt, now)}
              </td>
              <td className="px-3 py-2">
                {worker.claims.length === 0 ? (
                  <span className="text-muted-foreground">None</span>
                ) : (
                  <ul>
                    {worker.claims.map((claim) => (
                      <li key={claim.id} className="font-mono text-xs">
                        {claim.status} ·{' '}
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
