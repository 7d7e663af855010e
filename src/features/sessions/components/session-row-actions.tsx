import { useState } from 'react'
import { useSessionLifecycle, type SessionLifecycleAction } from '@/data/sessions/mutations'
import type { Session } from '@/data/sessions/types'
import { Button } from '@/components/ui/button'
import { ConfirmationDialog } from '@/components/ui/confirmation-dialog'
import { RichText, t, useT } from '@/i18n'

function ConfirmBody({ action, sessionId }: { action: SessionLifecycleAction; sessionId: string }) {
  const session = <span className="font-mono">{sessionId}</span>
  switch (action) {
    case 'archive':
      return <RichText id="sessions.lifecycle.archive.body" values={{ session }} />
    case 'restore':
      return <RichText id="sessions.lifecycle.restore.body" values={{ session }} />
    case 'delete':
      return <RichText id="sessions.lifecycle.delete.body" values={{ session }} />
  }
}

function copyFor(action: SessionLifecycleAction): { title: string; confirm: string } {
  switch (action) {
    case 'archive':
      return {
        title: t('sessions.lifecycle.archive.title'),
        confirm: t('sessions.lifecycle.archive.confirm'),
      }
    case 'restore':
      return {
        title: t('sessions.lifecycle.restore.title'),
        confirm: t('sessions.lifecycle.restore.confirm'),
      }
    case 'delete':
      return { title: t('sessions.lifecycle.delete.title'), confirm: t('sessions.lifecycle.delete.confirm') }
  }
}

/** Archive, restore and delete, each confirmed, with the server's reason shown if it refuses. */
export function SessionRowActions({ session }: { session: Session }) {
  useT('sessions')
  const [action, setAction] = useState<SessionLifecycleAction | null>(null)
  const lifecycle = useSessionLifecycle()
  const isArchived = session.archivedAt !== null && session.archivedAt !== undefined
  const copy = action ? copyFor(action) : null
  return (
    <span className="flex justify-end gap-1">
      <Button
        size="sm"
        variant="ghost"
        aria-label={
          isArchived
            ? t('sessions.lifecycle.restore.label', { session: session.id })
            : t('sessions.lifecycle.archive.label', { session: session.id })
        }
        onClick={() => setAction(isArchived ? 'restore' : 'archive')}
      >
        {isArchived ? t('sessions.lifecycle.restore.button') : t('sessions.lifecycle.archive.button')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="text-destructive"
        aria-label={t('sessions.lifecycle.delete.label', { session: session.id })}
        onClick={() => setAction('delete')}
      >
        {t('sessions.lifecycle.delete.button')}
      </Button>
      <ConfirmationDialog
        open={action !== null}
        onOpenChange={(open) => {
          if (!open) setAction(null)
        }}
        title={copy?.title ?? ''}
        body={action ? <ConfirmBody action={action} sessionId={session.id} /> : null}
        confirmLabel={copy?.confirm ?? ''}
        isDestructive={action === 'delete'}
        onConfirm={() =>
          action ? lifecycle.mutateAsync({ sessionId: session.id, action }) : Promise.resolve()
        }
      />
    </span>
  )
}
