import { useState } from 'react'
import type { IssuedKey } from '@/data/environments/issue-key'
import { useRotateEnvironmentKey } from '@/data/environments/mutations'
import { useEnvironmentWorkers } from '../hooks/use-environment-workers'
import { ActionDialog } from './action-dialog'
import { OneTimeKeyDialog } from './one-time-key-dialog'
import { UsageSummaryState } from './usage-summary'
import { WorkerPresenceBadge } from './worker-presence-badge'
import type { Environment } from '../models/environment-types'
import { useRotationStore } from '../stores/rotation-store'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/states'
import { RichText, useT } from '@/i18n'
import { formatRelativeTime } from '@/lib/format-time'

/** Rotate: say what breaks, issue the new key once, then track which workers come back. */
export function RotateKeyAction({ environment }: { environment: Environment }) {
  const { t } = useT('environments')
  const rotate = useRotateEnvironmentKey(environment.id)
  const [isOpen, setIsOpen] = useState(false)
  // The new key is held here only, until the key dialog closes.
  const [issued, setIssued] = useState<IssuedKey | null>(null)
  const recordRotation = useRotationStore((state) => state.recordRotation)
  const { workers, now, isPending, error } = useEnvironmentWorkers(environment.id, { enabled: isOpen })
  // Busy, idle or stale: each of them will fail with the old key and must be restarted.
  const connected = workers.filter((worker) => worker.state !== 'offline' && worker.state !== 'unknown')

  async function handleRotate() {
    const next = await rotate.mutateAsync()
    recordRotation({
      environmentId: environment.id,
      rotatedAt: next.environment.updatedAt,
      workerIds: connected.map((worker) => worker.workerId),
    })
    setIssued(next)
  }

  return (
    <>
      <Button onClick={() => setIsOpen(true)}>{t('environments.rotate.button')}</Button>
      <ActionDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={t('environments.rotate.title', { name: environment.name })}
        description={t('environments.rotate.description')}
        confirmLabel={t('environments.rotate.confirm')}
        isDestructive
        action="rotate"
        curl={{ action: 'rotate', environmentId: environment.id }}
        onConfirm={handleRotate}
      >
        <p>
          <RichText
            id="environments.rotate.effects"
            values={{ lead: <strong>{t('environments.rotate.effectsLead')}</strong> }}
          />
        </p>
        <p className="font-medium">{t('environments.usage.whatUsesIt')}</p>
        {isOpen ? <UsageSummaryState environmentId={environment.id} /> : null}
        {error ? (
          <p role="alert" className="text-destructive">
            {t('environments.rotate.checkFailed')}
          </p>
        ) : isPending ? (
          <Spinner label={t('environments.rotate.checking')} />
        ) : connected.length === 0 ? (
          <p>{t('environments.rotate.noneConnected')}</p>
        ) : (
          <div>
            <p>{t('environments.rotate.connected', { count: connected.length })}</p>
            <ul className="mt-1 flex flex-col gap-1" aria-label={t('environments.rotate.connectedLabel')}>
              {connected.map((worker) => (
                <li key={worker.workerId} className="flex items-center gap-2">
                  <code className="font-mono">{worker.workerId}</code>
                  {worker.state === 'stale' && worker.lastSeenAt !== null ? (
                    // Not "Stale": a worker quiet for a minute is most likely still on an item (the
                    // upstream worker asks for its session's tools for up to two minutes without
                    // polling), and it is exactly who the rotation will cut off.
                    <span
                      className="text-xs text-muted-foreground"
                      title={t('environments.rotate.quietHint')}
                    >
                      {t('environments.rotate.quiet', {
                        time: formatRelativeTime(Math.min(worker.lastSeenAt, now), now),
                      })}
                    </span>
                  ) : (
                    <WorkerPresenceBadge state={worker.state} />
                  )}
                  {worker.claims.length > 0 ? (
                    <span className="text-xs text-muted-foreground">
                      {t('environments.rotate.holdsClaims', { count: worker.claims.length })}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        )}
      </ActionDialog>
      {issued ? <OneTimeKeyDialog issued={issued} reason="rotated" onClosed={() => setIssued(null)} /> : null}
    </>
  )
}
