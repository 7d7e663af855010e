import { useQuery } from '@tanstack/react-query'
import { handsStatusQuery } from '@/data/work/queries'
import { rotationCutover } from '../models/rotation-cutover'
import { useRotationStore } from '../stores/rotation-store'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Notice } from '@/components/ui/notice'
import { useT } from '@/i18n'
import { formatExactTime } from '@/lib/format-time'

/** After a rotation: which of the workers connected at that moment are back with the new key. */
export function RotationCutoverPanel({ environmentId }: { environmentId: string }) {
  const { t } = useT('environments')
  const rotation = useRotationStore((state) => state.rotations[environmentId])
  const dismiss = useRotationStore((state) => state.dismissRotation)
  const hands = useQuery({ ...handsStatusQuery(), enabled: rotation !== undefined })
  if (!rotation) return null
  const cutover = rotationCutover(rotation, hands.data?.workerHeartbeats ?? {})
  return (
    <Notice
      tone={cutover.isComplete ? 'success' : 'warning'}
      title={t('environments.cutover.title', { time: formatExactTime(rotation.rotatedAt) })}
      role="region"
      aria-label={t('environments.cutover.label')}
    >
      <div role="status" className="flex flex-col gap-2">
        {rotation.workerIds.length === 0 ? (
          <p>{t('environments.cutover.noneConnected')}</p>
        ) : (
          <>
            <p>
              {t('environments.cutover.progress', {
                reconnected: cutover.reconnected,
                total: rotation.workerIds.length,
              })}
              {cutover.waiting > 0 ? ` ${t('environments.cutover.restartOthers')}` : ''}
            </p>
            <ul className="flex flex-wrap gap-2">
              {cutover.workers.map((worker) => (
                <li key={worker.workerId} className="flex items-center gap-1">
                  <code className="font-mono text-xs">{worker.workerId}</code>
                  <Badge tone={worker.hasReconnected ? 'success' : 'warning'}>
                    {worker.hasReconnected
                      ? t('environments.cutover.reconnected')
                      : t('environments.cutover.waiting')}
                  </Badge>
                </li>
              ))}
            </ul>
          </>
        )}
        {hands.isError ? (
          <p className="text-destructive">{t('environments.cutover.heartbeatsFailed')}</p>
        ) : null}
        <div>
          <Button size="sm" onClick={() => dismiss(environmentId)}>
            {t('environments.cutover.dismiss')}
          </Button>
        </div>
      </div>
    </Notice>
  )
}
