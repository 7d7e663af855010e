import { useState } from 'react'
import { StatusBadge } from './status-badge'
import { useTurnCommand } from '@/data/sessions/mutations'
import type { Turn } from '@/data/sessions/types'
import type { OpenAction } from '../models/pending-actions'
import { statusLabel } from '../models/status-label'
import { Button } from '@/components/ui/button'
import { ConfirmationDialog } from '@/components/ui/confirmation-dialog'
import { FailureNotice } from '@/components/ui/failure-notice'
import { RichText, useT } from '@/i18n'
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
  const { t } = useT('sessions')
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false)
  const cancel = useTurnCommand(sessionId, 'cancel')
  const resume = useTurnCommand(sessionId, 'resume')
  const hasOpenActions = openActions.some((action) => action.turnId === turn.id)
  const isResumable =
    turn.status === 'failed' ||
    turn.status === 'interrupted' ||
    (turn.status === 'requires_action' && !hasOpenActions && !isAwaitingTools)
  return (
    <section aria-label={t('sessions.turn.latest')} className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">{t('sessions.turn.latest')}</span>
      <span className="font-mono text-xs">{turn.id}</span>
      <StatusBadge status={turn.status} />
      {turn.errorCode ? <span className="font-mono text-xs text-destructive">{turn.errorCode}</span> : null}
      <span className="text-xs text-muted-foreground">{formatExactTime(turn.createdAt)}</span>
      {canWrite ? (
        <span className="ml-auto flex gap-2">
          {isResumable ? (
            <Button size="sm" disabled={resume.isPending} onClick={() => resume.mutate(turn.id)}>
              {resume.isPending ? t('sessions.turn.resuming') : t('sessions.turn.resume')}
            </Button>
          ) : null}
          {CANCELLABLE.has(turn.status) ? (
            <Button size="sm" variant="destructive" onClick={() => setIsConfirmingCancel(true)}>
              {t('sessions.turn.cancel')}
            </Button>
          ) : null}
        </span>
      ) : null}
      {resume.isError ? (
        <FailureNotice
          className="w-full"
          error={resume.error}
          message={t('sessions.turn.notResumed', { error: resume.errorMessage })}
        />
      ) : null}
      <ConfirmationDialog
        open={isConfirmingCancel}
        onOpenChange={setIsConfirmingCancel}
        title={t('sessions.turn.cancelTitle')}
        body={
          <RichText
            id="sessions.turn.cancelBody"
            values={{ turn: <span className="font-mono">{turn.id}</span>, status: statusLabel(turn.status) }}
          />
        }
        confirmLabel={t('sessions.turn.cancel')}
        isDestructive
        onConfirm={() => cancel.mutateAsync(turn.id)}
      />
    </section>
  )
}
