import { useQuery } from '@tanstack/react-query'
import { handsStatusQuery } from '../api/queries'
import { rotationCutover } from '../models/rotation-cutover'
import { useRotationStore } from '../stores/rotation-store'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Notice } from '@/components/ui/notice'
import { formatExactTime } from '@/lib/format-time'

/** After a rotation: which of the workers connected at that moment are back with the new key. */
export function RotationCutoverPanel({ environmentId }: { environmentId: string }) {
  const rotation = useRotationStore((state) => state.rotations[environmentId])
  const dismiss = useRotationStore((state) => state.dismissRotation)
  const hands = useQuery({ ...handsStatusQuery(), enabled: rotation !== undefined })
  if (!rotation) return null
  const cutover = rotationCutover(rotation, hands.data?.workerHeartbeats ?? {})
  return (
    <Notice
      tone={cutover.isComplete ? 'success' : 'warning'}
      title={`Key rotated ${formatExactTime(rotation.rotatedAt)}`}
      role="region"
      aria-label="Key rotation cut-over"
    >
      <div role="status" className="flex flex-col gap-2">
        {rotation.workerIds.length === 0 ? (
          <p>No worker was connected at the rotation. Start workers with the new key.</p>
        ) : (
          <>
            <p>
              {cutover.reconnected} of {rotation.workerIds.length} worker
              {rotation.workerIds.length === 1 ? '' : 's'} connected at the rotation{' '}
              {cutover.reconnected === 1 ? 'has' : 'have'} sent a heartbeat since, so they run with the new
              key.
              {cutover.waiting > 0 ? ' Restart the others with the new key.' : ''}
            </p>
            <ul className="flex flex-wrap gap-2">
              {cutover.workers.map((worker) => (
                <li key={worker.workerId} className="flex items-center gap-1">
                  <code className="font-mono text-xs">{worker.workerId}</code>
                  <Badge tone={worker.hasReconnected ? 'success' : 'warning'}>
                    {worker.hasReconnected ? 'Reconnected' : 'Not yet reconnected'}
                  </Badge>
                </li>
              ))}
            </ul>
          </>
        )}
        {hands.isError ? (
          <p className="text-destructive">Heartbeats could not be loaded; this view may be out of date.</p>
        ) : null}
        <div>
          <Button size="sm" onClick={() => dismiss(environmentId)}>
            Dismiss
          </Button>
        </div>
      </div>
    </Notice>
  )
}
