import { useState } from 'react'
import { SessionLifecycleDialog } from './session-lifecycle-dialog'
import type { SessionLifecycleAction } from '@/data/sessions/mutations'
import type { Session } from '@/data/sessions/types'
import { Button } from '@/components/ui/button'
import { t, useT } from '@/i18n'

/** Archive or restore, and delete: each confirmed, with what still runs in the session named first. */
export function SessionRowActions({ session, title = null }: { session: Session; title?: string | null }) {
  useT('sessions')
  const [action, setAction] = useState<SessionLifecycleAction | null>(null)
  const isArchived = session.archivedAt !== null && session.archivedAt !== undefined
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
      <SessionLifecycleDialog
        sessionId={session.id}
        title={title}
        action={action}
        onClose={() => setAction(null)}
      />
    </span>
  )
}
