import { useQuery } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useState } from 'react'
import { StatusBadge } from './status-badge'
import { useSessionLifecycle, useTurnCommand, type SessionLifecycleAction } from '@/data/sessions/mutations'
import { turnsQuery } from '@/data/sessions/queries'
import { joinList } from '../models/join-list'
import { openTurns } from '../models/session-busy'
import { errorMessage } from '@/api/api-error'
import { VisibleText } from '@/components/text/visible-text'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'
import { Notice } from '@/components/ui/notice'
import { Spinner } from '@/components/ui/states'
import { RichText, t, useT } from '@/i18n'
import { formatRelativeTime } from '@/lib/format-time'
import { useNow } from '@/lib/use-now'
import { FailureNotice } from '@/components/ui/failure-notice'

/** How often the turns are read again while waiting for them to finish. */
const WAIT_POLL_MS = 2_000

function copyFor(action: SessionLifecycleAction) {
  switch (action) {
    case 'archive':
      return {
        title: t('sessions.lifecycle.archive.title'),
        confirm: t('sessions.lifecycle.archive.confirm'),
        wait: t('sessions.lifecycle.archive.wait'),
        cancelFirst: t('sessions.lifecycle.archive.cancelFirst'),
      }
    case 'restore':
      return {
        title: t('sessions.lifecycle.restore.title'),
        confirm: t('sessions.lifecycle.restore.confirm'),
        wait: '',
        cancelFirst: '',
      }
    case 'delete':
      return {
        title: t('sessions.lifecycle.delete.title'),
        confirm: t('sessions.lifecycle.delete.confirm'),
        wait: t('sessions.lifecycle.delete.wait'),
        cancelFirst: t('sessions.lifecycle.delete.cancelFirst'),
      }
  }
}

function Body({
  action,
  sessionId,
  title,
}: {
  action: SessionLifecycleAction
  sessionId: string
  title: string | null
}) {
  const id = <span className="font-mono">{sessionId}</span>
  const session = title ? (
    <>
      <VisibleText text={title} /> ({id})
    </>
  ) : (
    id
  )
  switch (action) {
    case 'archive':
      return <RichText id="sessions.lifecycle.archive.body" values={{ session }} />
    case 'restore':
      return <RichText id="sessions.lifecycle.restore.body" values={{ session }} />
    case 'delete':
      return <RichText id="sessions.lifecycle.delete.body" values={{ session }} />
  }
}

function LifecycleContent({
  sessionId,
  action,
  onClose,
}: {
  sessionId: string
  action: SessionLifecycleAction
  onClose: () => void
}) {
  const { t } = useT('sessions')
  const now = useNow()
  const copy = copyFor(action)
  // Restoring starts nothing and stops nothing: only archive and delete look at what runs.
  const needsCheck = action !== 'restore'
  const [isWaiting, setIsWaiting] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const lifecycle = useSessionLifecycle()
  const cancel = useTurnCommand(sessionId, 'cancel')
  const turns = useQuery({
    ...turnsQuery(sessionId),
    enabled: needsCheck,
    // What runs now, not what ran when the session page last looked.
    refetchOnMount: 'always',
    refetchInterval: isWaiting ? WAIT_POLL_MS : false,
  })
  const running = needsCheck ? openTurns(turns.data ?? []) : []
  const isChecking = needsCheck && turns.isPending
  const isBusy = running.length > 0
  const isWorking = lifecycle.isPending || cancel.isPending
  const shownError = error ?? lifecycle.error

  const perform = () => {
    setError(null)
    lifecycle.mutate(
      { sessionId, action },
      {
        onSuccess: onClose,
        onError: () => setIsWaiting(false),
      },
    )
  }
  // Waiting ends the moment the turns say nothing runs any more; then the action goes ahead.
  const proceedAfterWaiting = useEffectEvent(() => {
    if (lifecycle.isIdle) {
      lifecycle.mutate({ sessionId, action }, { onSuccess: onClose, onError: () => setIsWaiting(false) })
    }
  })
  useEffect(() => {
    if (isWaiting && turns.isSuccess && !turns.isFetching && !isBusy) proceedAfterWaiting()
  }, [isWaiting, isBusy, turns.isSuccess, turns.isFetching])

  async function cancelThenWait() {
    setError(null)
    try {
      for (const turn of running) {
        if (turn.status !== 'cancel_requested') await cancel.mutateAsync(turn.id)
      }
      setIsWaiting(true)
    } catch (caught) {
      setError(caught)
    }
  }

  const turnList = joinList(running.map((turn) => turn.id))
  return (
    <>
      <div className="flex flex-col gap-3 text-sm">
        {isChecking ? <Spinner label={t('sessions.lifecycle.checking')} /> : null}
        {turns.isError ? (
          <Notice tone="warning" role="status">
            {t('sessions.lifecycle.checkFailed', { error: errorMessage(turns.error) })}
          </Notice>
        ) : null}
        {isBusy ? (
          <Notice
            tone="warning"
            role="status"
            title={t('sessions.lifecycle.running', { count: running.length })}
          >
            <ul className="flex flex-col gap-1">
              {running.map((turn) => (
                <li key={turn.id} className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-xs">{turn.id}</span>
                  <StatusBadge status={turn.status} />
                  <span className="text-xs text-muted-foreground">
                    {t('sessions.lifecycle.submitted', { time: formatRelativeTime(turn.createdAt, now) })}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-2">
              {action === 'delete'
                ? t('sessions.lifecycle.runningDeleteAdvice')
                : t('sessions.lifecycle.runningArchiveAdvice')}
            </p>
          </Notice>
        ) : null}
        {isWaiting ? (
          <p role="status" className="text-sm">
            {action === 'delete'
              ? t('sessions.lifecycle.waitingDelete', { turns: turnList, count: running.length })
              : t('sessions.lifecycle.waitingArchive', { turns: turnList, count: running.length })}
          </p>
        ) : null}
      </div>
      {shownError ? <FailureNotice className="mt-3" error={shownError} /> : null}
      <DialogFooter className="items-center">
        <Button onClick={onClose}>
          {isWaiting ? t('sessions.lifecycle.stopWaiting') : t('sessions.create.cancel')}
        </Button>
        {isBusy && !isWaiting ? (
          <>
            <Button disabled={isWorking} onClick={() => setIsWaiting(true)}>
              {copy.wait}
            </Button>
            <Button variant="destructive" disabled={isWorking} onClick={() => void cancelThenWait()}>
              {copy.cancelFirst}
            </Button>
          </>
        ) : null}
        {!isBusy ? (
          <Button
            variant={action === 'delete' ? 'destructive' : 'primary'}
            disabled={isChecking || isWorking}
            onClick={perform}
          >
            {isWorking ? t('sessions.lifecycle.working') : copy.confirm}
          </Button>
        ) : null}
      </DialogFooter>
    </>
  )
}

/**
 * Archive, restore and delete, each confirmed. Before archiving or deleting, the console reads
 * the session's turns: the server goes ahead whatever runs (C18), so a running or queued turn is
 * named, with the choice to wait for it or to cancel it first.
 */
export function SessionLifecycleDialog({
  sessionId,
  title = null,
  action,
  onClose,
}: {
  sessionId: string
  /** What the session is called, when it has more than its id. */
  title?: string | null
  action: SessionLifecycleAction | null
  onClose: () => void
}) {
  useT('sessions')
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
    >
      {action ? (
        <DialogContent
          title={copyFor(action).title}
          description={<Body action={action} sessionId={sessionId} title={title} />}
        >
          <LifecycleContent key={action} sessionId={sessionId} action={action} onClose={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  )
}
