import { useState } from 'react'
import { useSessionLifecycle, type SessionLifecycleAction } from '../api/mutations'
import type { Session } from '../api/types'
import { Button } from '@/components/ui/button'
import { ConfirmationDialog } from '@/components/ui/confirmation-dialog'

const COPY: Record<SessionLifecycleAction, { title: string; confirm: string; body: string }> = {
  archive: {
    title: 'Archive this session?',
    confirm: 'Archive',
    body: 'It leaves the active list and takes no new turns; its events and tool records stay readable, and Restore brings it back. The server refuses (409) while a turn is active or queued: let it finish or cancel it first.',
  },
  restore: {
    title: 'Restore this session?',
    confirm: 'Restore',
    body: 'It returns to the active list and accepts turns again. This only reverses archiving; it does not roll back any state.',
  },
  delete: {
    title: 'Delete this session?',
    confirm: 'Delete session',
    body: 'Its events, turns and tool records are removed for good. Files in its environment are not touched. The server refuses (409) while a turn is active or queued.',
  },
}

/** Archive, restore and delete, each confirmed, with the server's reason shown if it refuses. */
export function SessionRowActions({ session }: { session: Session }) {
  const [action, setAction] = useState<SessionLifecycleAction | null>(null)
  const lifecycle = useSessionLifecycle()
  const isArchived = session.archivedAt !== null && session.archivedAt !== undefined
  const copy = action ? COPY[action] : null
  return (
    <span className="flex justify-end gap-1">
      <Button
        size="sm"
        variant="ghost"
        aria-label={`${isArchived ? 'Restore' : 'Archive'} ${session.id}`}
        onClick={() => setAction(isArchived ? 'restore' : 'archive')}
      >
        {isArchived ? 'Restore' : 'Archive'}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="text-destructive"
        aria-label={`Delete ${session.id}`}
        onClick={() => setAction('delete')}
      >
        Delete
      </Button>
      <ConfirmationDialog
        open={action !== null}
        onOpenChange={(open) => {
          if (!open) setAction(null)
        }}
        title={copy?.title ?? ''}
        body={
          <>
            <span className="font-mono">{session.id}</span>. {copy?.body}
          </>
        }
        confirmLabel={copy?.confirm ?? ''}
        isDestructive={action === 'delete'}
        onConfirm={() =>
          action ? lifecycle.mutateAsync({ sessionId: session.id, action }) : Promise.resolve()
        }
      />
    </span>
  )
}
