import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { rotateEnvironmentKey, type IssuedKey } from '../api/actions'
import { environmentKeys } from '../api/keys'
import { useEnvironmentWorkers } from '../api/use-environment-workers'
import { ActionDialog } from './action-dialog'
import { OneTimeKeyDialog } from './one-time-key-dialog'
import { WorkerHealthBadge } from './worker-health-badge'
import type { Environment } from '../models/environment-types'
import { useRotationStore } from '../stores/rotation-store'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/states'

/** Rotate: say what breaks, issue the new key once, then track which workers come back. */
export function RotateKeyAction({ environment }: { environment: Environment }) {
  const queryClient = useQueryClient()
  const [isOpen, setIsOpen] = useState(false)
  // The new key is held here only, until the key dialog closes.
  const [issued, setIssued] = useState<IssuedKey | null>(null)
  const recordRotation = useRotationStore((state) => state.recordRotation)
  const { workers, isPending, error } = useEnvironmentWorkers(environment.id, { enabled: isOpen })
  const connected = workers.filter((worker) => worker.health === 'online' || worker.health === 'stale')

  async function handleRotate() {
    const next = await rotateEnvironmentKey(environment.id)
    recordRotation({
      environmentId: environment.id,
      rotatedAt: next.environment.updatedAt,
      workerIds: connected.map((worker) => worker.workerId),
    })
    setIssued(next)
    void queryClient.invalidateQueries({ queryKey: environmentKeys.detail(environment.id) })
    void queryClient.invalidateQueries({ queryKey: environmentKeys.lists() })
  }

  return (
    <>
      <Button onClick={() => setIsOpen(true)}>Rotate key</Button>
      <ActionDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        title={`Rotate the key of ${environment.name}?`}
        description="A new worker key is issued and shown once."
        confirmLabel="Rotate key"
        isDestructive
        action="rotate"
        curl={{ action: 'rotate', environmentId: environment.id }}
        onConfirm={handleRotate}
      >
        <p>
          <strong>The old key stops working at once.</strong> Every worker must be restarted with the new key;
          until then its polls fail with 401 and its claims are handed back to the queue when their lease
          lapses (45 s).
        </p>
        {error ? (
          <p role="alert" className="text-destructive">
            Connected workers could not be checked. Assume every worker of this environment must restart.
          </p>
        ) : isPending ? (
          <Spinner label="Checking connected workers…" />
        ) : connected.length === 0 ? (
          <p>No worker of this environment is connected now.</p>
        ) : (
          <div>
            <p>
              {connected.length} worker{connected.length === 1 ? ' is' : 's are'} connected now and will
              disconnect:
            </p>
            <ul className="mt-1 flex flex-col gap-1" aria-label="Connected workers">
              {connected.map((worker) => (
                <li key={worker.workerId} className="flex items-center gap-2">
                  <code className="font-mono">{worker.workerId}</code>
                  <WorkerHealthBadge health={worker.health} />
                  {worker.claims.length > 0 ? (
                    <span className="text-xs text-muted-foreground">
                      holds {worker.claims.length} claim{worker.claims.length === 1 ? '' : 's'}
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
