import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { isApiError } from '@/api/api-error'
import { Button } from '@/components/ui/button'
import { ConfirmationDialog } from '@/components/ui/confirmation-dialog'
import { Field } from '@/components/ui/field'
import { FailureNotice } from '@/components/ui/failure-notice'
import { Link } from '@/components/ui/link'
import { Notice } from '@/components/ui/notice'
import { Textarea } from '@/components/ui/textarea'
import { useRestoreCheckpoint } from '@/data/sessions/checkpoints'
import type { Checkpoint } from '@/data/sessions/decode-checkpoints'
import { inputsQuery } from '@/data/sessions/inputs'
import { useTurnCommand } from '@/data/sessions/mutations'
import { turnsQuery } from '@/data/sessions/queries'
import { recoveryQuery } from '@/data/sessions/trace'
import { RichText, useT } from '@/i18n'
import { useEventLog } from '../hooks/use-event-log'
import { useIdempotentSubmit } from '../hooks/use-idempotent-submit'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import type { EventStore } from '../models/event-store'
import { openRequiredActions } from '../models/pending-actions'
import {
  evaluatePreflight,
  type Preflight,
  type PreflightState,
  type UnsettledTurn,
} from '../models/restore-preflight'
import { statusLabel } from '../models/status-label'
import { idText, TitledPanel } from './checkpoint-parts'

const selectOpenActionIds = (store: EventStore) =>
  openRequiredActions(store.all())
    .map((action) => action.requestId)
    .join('\n')

/** What the pre-flight reads: turns, the recovery projection (when trace answers), open actions, inputs. */
export function usePreflight(sessionId: string, log: SessionEventLog): Preflight {
  const turns = useQuery(turnsQuery(sessionId))
  // A gated trace surface (404/403) is not retried: its checks read as "cannot check".
  const recovery = useQuery(recoveryQuery(sessionId))
  const inputs = useQuery(inputsQuery(sessionId))
  const openActionIds = useEventLog(log.store, selectOpenActionIds)
  return evaluatePreflight({
    turns: turns.data ?? [],
    recovery: recovery.data ?? null,
    openActionIds: openActionIds === '' ? [] : openActionIds.split('\n'),
    pendingInputIds:
      inputs.data?.isOffered === true
        ? inputs.data.items.filter((entry) => entry.status === 'accepted').map((entry) => entry.inputId)
        : null,
  })
}

function CheckState({ state }: { state: PreflightState }) {
  const { t } = useT('sessions:checkpoints')
  const tone =
    state === 'ok'
      ? 'border-success/40 text-success'
      : state === 'blocked'
        ? 'border-destructive/40 text-destructive'
        : 'border-border text-muted-foreground'
  return (
    <span className={`shrink-0 rounded border px-1.5 py-0.5 text-xs font-medium ${tone}`}>
      {state === 'ok'
        ? t('sessions.checkpoints.restore.ok')
        : state === 'blocked'
          ? t('sessions.checkpoints.restore.blocked')
          : t('sessions.checkpoints.restore.unknown')}
    </span>
  )
}

function Check({ state, children }: { state: PreflightState; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2">
      <CheckState state={state} />
      <div className="flex min-w-0 flex-col gap-1">{children}</div>
    </li>
  )
}

function UnsettledTurnCheck({
  sessionId,
  turn,
  isCancelRefused,
  canWrite,
}: {
  sessionId: string
  turn: UnsettledTurn
  isCancelRefused: boolean
  canWrite: boolean
}) {
  const { t } = useT('sessions:checkpoints')
  const [isConfirming, setIsConfirming] = useState(false)
  const cancel = useTurnCommand(sessionId, 'cancel')
  const values = { turn: idText(turn.turnId), status: statusLabel(turn.status) }
  return (
    <Check state="blocked">
      <p>
        {turn.status === 'running' ? (
          <RichText id="sessions.checkpoints.restore.turnRunning" values={values} />
        ) : (
          <RichText id="sessions.checkpoints.restore.turnBlocked" values={values} />
        )}
      </p>
      {isCancelRefused && turn.status !== 'running' ? (
        <p className="text-muted-foreground">{t('sessions.checkpoints.restore.cancelRefused')}</p>
      ) : canWrite && turn.isCancellable ? (
        <div>
          <Button size="sm" variant="destructive" onClick={() => setIsConfirming(true)}>
            {t('sessions.checkpoints.restore.cancelTurn', { turn: turn.turnId })}
          </Button>
        </div>
      ) : null}
      <ConfirmationDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={t('sessions.checkpoints.restore.cancelTitle')}
        body={
          <RichText id="sessions.checkpoints.restore.cancelBody" values={{ turn: idText(turn.turnId) }} />
        }
        confirmLabel={t('sessions.checkpoints.restore.cancelTurn', { turn: turn.turnId })}
        isDestructive
        onConfirm={() => cancel.mutateAsync(turn.turnId)}
      />
    </Check>
  )
}

/**
 * The pre-flight list: upstream's refusals evaluated before the click, each with what unblocks it
 * (a cancel, the recovery desk, an answer), and what the server would answer first.
 */
export function PreflightList({
  sessionId,
  preflight,
  canWrite,
}: {
  sessionId: string
  preflight: Preflight
  canWrite: boolean
}) {
  const { t } = useT('sessions:checkpoints')
  const deskLink = (
    <Link to="?tab=recovery" className="font-medium underline">
      {t('sessions.checkpoints.restore.openDesk')}
    </Link>
  )
  const { uncertain, runs, interactions, inputs } = preflight
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">{t('sessions.checkpoints.restore.preflight')}</p>
      <ul className="flex flex-col gap-2 text-sm" aria-label={t('sessions.checkpoints.restore.preflight')}>
        {preflight.turns.unsettled.length === 0 ? (
          <Check state="ok">
            <p>{t('sessions.checkpoints.restore.turnsOk')}</p>
          </Check>
        ) : (
          preflight.turns.unsettled.map((turn) => (
            <UnsettledTurnCheck
              key={turn.turnId}
              sessionId={sessionId}
              turn={turn}
              isCancelRefused={preflight.isCancelRefused}
              canWrite={canWrite}
            />
          ))
        )}
        <Check state={uncertain.state}>
          <p>
            {uncertain.state === 'ok'
              ? t('sessions.checkpoints.restore.uncertainOk')
              : uncertain.state === 'blocked'
                ? t('sessions.checkpoints.restore.uncertainBlocked', {
                    count: uncertain.toolCallIds.length,
                    ids: uncertain.toolCallIds.join(', '),
                  })
                : t('sessions.checkpoints.restore.uncertainUnknown')}
          </p>
          {uncertain.state === 'blocked' ? <p>{deskLink}</p> : null}
        </Check>
        <Check state={runs.state}>
          <p>
            {runs.state === 'ok'
              ? t('sessions.checkpoints.restore.runsOk')
              : runs.state === 'blocked'
                ? t('sessions.checkpoints.restore.runsBlocked', {
                    count: runs.runIds.length,
                    ids: runs.runIds.join(', '),
                  })
                : t('sessions.checkpoints.restore.runsUnknown')}
          </p>
          {runs.state === 'blocked' && uncertain.state !== 'blocked' ? <p>{deskLink}</p> : null}
        </Check>
        <Check state={interactions.state}>
          <p>
            {interactions.state === 'blocked'
              ? t('sessions.checkpoints.restore.interactionsBlocked', {
                  count: interactions.requestIds.length,
                })
              : t('sessions.checkpoints.restore.interactionsOk')}
          </p>
        </Check>
        <Check state={inputs.state}>
          <p>
            {inputs.state === 'ok'
              ? t('sessions.checkpoints.restore.inputsOk')
              : inputs.state === 'blocked'
                ? t('sessions.checkpoints.restore.inputsBlocked', { count: inputs.inputIds.length })
                : t('sessions.checkpoints.restore.inputsUnknown')}
          </p>
        </Check>
      </ul>
      {preflight.expectedRefusal ? (
        <p className="text-sm font-medium text-destructive">
          {t('sessions.checkpoints.restore.expected', { message: preflight.expectedRefusal })}
        </p>
      ) : null}
    </div>
  )
}

/** What a restore leaves as it is: said before the click, not discovered after it. */
function NotUndone() {
  const { t } = useT('sessions:checkpoints')
  return (
    <div className="rounded-md border border-border p-3 text-sm">
      <h4 className="font-medium">{t('sessions.checkpoints.restore.notUndone')}</h4>
      <ul className="mt-2 list-disc pl-5">
        <li>{t('sessions.checkpoints.restore.notUndoneEffects')}</li>
        <li>{t('sessions.checkpoints.restore.notUndoneHistory')}</li>
        <li>{t('sessions.checkpoints.restore.notUndoneCopies')}</li>
      </ul>
    </div>
  )
}

/** Restores the chosen checkpoint: the pre-flight, what it does not undo, a required reason. */
export function RestorePanel({
  sessionId,
  checkpoint,
  preflight,
  canWrite,
}: {
  sessionId: string
  checkpoint: Checkpoint
  preflight: Preflight
  canWrite: boolean
}) {
  const { t } = useT('sessions:checkpoints')
  const [reason, setReason] = useState('')
  const idempotent = useIdempotentSubmit(`restore:${sessionId}`)
  const restore = useRestoreCheckpoint(sessionId)
  const content = `${checkpoint.id}\n${reason.trim()}`
  const canSend = canWrite && preflight.isClear && reason.trim() !== '' && !restore.isPending
  return (
    <TitledPanel id="restore-title" title={t('sessions.checkpoints.restore.title')}>
      <PreflightList sessionId={sessionId} preflight={preflight} canWrite={canWrite} />
      <NotUndone />
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          if (!canSend) return
          idempotent
            .submit(content, (idempotencyKey) =>
              restore.mutateAsync({ checkpointId: checkpoint.id, reason, idempotencyKey }),
            )
            .catch((error: unknown) => {
              // A refusal the server will repeat (409/400/404): the next attempt is a new request.
              if (isApiError(error) && error.status >= 400 && error.status < 500) idempotent.discard(content)
            })
        }}
      >
        <Field
          label={t('sessions.checkpoints.restore.reason')}
          hint={t('sessions.checkpoints.restore.reasonHint')}
        >
          {(control) => (
            <Textarea
              {...control}
              required
              rows={2}
              disabled={!canWrite}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          )}
        </Field>
        {restore.isError ? (
          <FailureNotice
            error={restore.error}
            message={t('sessions.checkpoints.restore.failed', { error: restore.errorMessage ?? '' })}
          />
        ) : null}
        {restore.isSuccess ? (
          <Notice tone="success" role="status">
            <RichText
              id="sessions.checkpoints.restore.done"
              values={{ checkpoint: idText(restore.data.checkpointId) }}
            />
          </Notice>
        ) : null}
        <div>
          <Button type="submit" disabled={!canSend}>
            {restore.isPending
              ? t('sessions.checkpoints.restore.submitting')
              : idempotent.isPending(content)
                ? t('sessions.checkpoints.restore.retry')
                : t('sessions.checkpoints.restore.submit')}
          </Button>
        </div>
      </form>
    </TitledPanel>
  )
}
