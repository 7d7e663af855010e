import { useState } from 'react'
import { useChangeSessionEnvironment } from '../api/mutations'
import type { Environment } from '../api/types'
import { Button } from '@/components/ui/button'
import { ConfirmationDialog } from '@/components/ui/confirmation-dialog'
import { Select } from '@/components/ui/input'
import { Notice } from '@/components/ui/notice'

type ChangeEnvironmentProps = {
  sessionId: string
  currentId: string | null
  environments: readonly Environment[]
  /** Why a change is refused now (open turn, held work), or null. */
  busyReason: string | null
}

/**
 * The guarded PATCH of the session's environment: offered only when no work is running, says
 * that working files stay behind, and shows the server's 409 if work started meanwhile.
 */
export function ChangeEnvironment({
  sessionId,
  currentId,
  environments,
  busyReason,
}: ChangeEnvironmentProps) {
  const [targetId, setTargetId] = useState('')
  const [isConfirming, setIsConfirming] = useState(false)
  const change = useChangeSessionEnvironment(sessionId)
  const options = environments.filter((environment) => environment.id !== currentId)
  const target = options.find((environment) => environment.id === targetId)
  return (
    <section aria-labelledby="change-environment-title" className="flex flex-col gap-3">
      <h3 id="change-environment-title" className="text-sm font-semibold">
        Change this session’s environment
      </h3>
      <Notice tone="warning">
        Later turns run in the new environment. Working files are <strong>not</strong> copied from the current
        one, and the agent’s default does not change.
      </Notice>
      {busyReason ? (
        <Notice tone="info" role="status">
          Not now: {busyReason}
        </Notice>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor="change-environment-target" className="text-xs font-medium">
            New environment
          </label>
          <Select
            id="change-environment-target"
            value={targetId}
            disabled={busyReason !== null}
            onChange={(event) => setTargetId(event.target.value)}
          >
            <option value="">Choose…</option>
            {options.map((environment) => (
              <option key={environment.id} value={environment.id}>
                {environment.name} ({environment.type})
              </option>
            ))}
          </Select>
        </div>
        <Button disabled={!target || busyReason !== null} onClick={() => setIsConfirming(true)}>
          Change environment…
        </Button>
      </div>
      {change.isSuccess ? (
        <p role="status" className="text-sm text-success">
          The session now uses {change.data.environmentId}.
        </p>
      ) : null}
      <ConfirmationDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Change the session’s environment?"
        body={
          <>
            From <span className="font-mono">{currentId ?? 'none'}</span> to{' '}
            <span className="font-mono">{target ? `${target.name} (${target.id})` : ''}</span>. Files the
            agent wrote in the current environment stay there. If a turn started in the meantime the server
            refuses (409) and nothing changes.
          </>
        }
        confirmLabel="Change environment"
        onConfirm={async () => {
          if (!target) return
          await change.mutateAsync(target.id)
          setTargetId('')
        }}
      />
    </section>
  )
}
