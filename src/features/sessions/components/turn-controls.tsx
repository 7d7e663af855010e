import { useState } from 'react'
import { StatusBadge } from './status-badge'
import { useTurnCommand } from '../api/mutations'
import type { Turn } from '../api/types'
import type { OpenAction } from '../models/pending-actions'
import { errorMessage } from '@/api/api-error'
import { Button } from '@/components/ui/button'
import { ConfirmationDialog } from '@/components/ui/confirmation-dialog'
import { formatExactTime } from '@/lib/format-time'

const CANCELLABLE: ReadonlySet<Turn['status']> = new Set(['queued', 'running', 'requires_action'])

/** The latest turn's state with cancel and resume where the server accepts them. */
export function TurnControls({
  sessionId,
  turn,
  openActions,
  isAwaitingTools,
  canWrite,
}: {
  sessionId: string
  turn: Turn
  openActions: readonly OpenAction[]
  /** A worker still owes a result for one of this turn's tool calls. */
  isAwaitingTools: boolean
  canWrite: boolean
}) {
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false)
  const cancel = useTurnCommand(sessionId, 'cancel')
  const resume = useTurnCommand(sessionId, 'resume')
  const hasOpenActions = openActions.some((action) => action.turnId === turn.id)
  const isResumable =
    turn.status === 'failed' ||
    turn.status === 'interrupted' ||
    (turn.status === 'requires_action' && !hasOpenActions && !isAwaitingTools)
  return (
    <section aria-label="Latest turn" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">Latest turn</span>
      <span className="font-mono text-xs">{turn.id}</span>
      <StatusBadge status={turn.status} />
      {turn.errorCode ? <span className="font-mono text-xs text-destructive">{turn.errorCode}</span> : null}
      <span className="text-xs text-muted-foreground">{formatExactTime(turn.createdAt)}</span>
      {canWrite ? (
        <span className="ml-auto flex gap-2">
          {isResumable ? (
            <Button size="sm" disabled={resume.isPending} onClick={() => resume.mutate(turn.id)}>
              {resume.isPending ? 'Resuming…' : 'Resume'}
            </Button>
          ) : null}
          {CANCELLABLE.has(turn.status) ? (
            <Button size="sm" variant="destructive" onClick={() => setIsConfirmingCancel(true)}>
              Cancel turn
            </Button>
          ) : null}
        </span>
      ) : null}
      {resume.isError ? (
        <p role="alert" className="w-full text-sm text-destructive">
          Not resumed: {errorMessage(resume.error)}
        </p>
      ) : null}
      <ConfirmationDialog
        open={isConfirmingCancel}
        onOpenChange={setIsConfirmingCancel}
        title="Cancel this turn?"
        body={
          <>
            Turn <span className="font-mono">{turn.id}</span> is {turn.status.replace('_', ' ')}. Cancelling
            ends it; tool calls a worker has not picked up are withdrawn, and a tool already running may still
            finish on the worker.
          </>
        }
        confirmLabel="Cancel turn"
        isDestructive
        onConfirm={() => cancel.mutateAsync(turn.id)}
      />
    </section>
  )
}
