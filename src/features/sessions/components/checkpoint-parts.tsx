import type { ReactNode } from 'react'
import type { Checkpoint } from '@/data/sessions/decode-checkpoints'
import type { useT } from '@/i18n'

/** An id (turn, checkpoint, session) inside a sentence: monospace, and allowed to break anywhere. */
export const idText = (text: string) => <span className="font-mono text-xs break-all">{text}</span>

/** One panel of the checkpoints tab: a bordered section named by its heading. */
export function TitledPanel({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-lg border border-border p-4 text-sm">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  )
}

/** What a checkpoint stands for, in words (its strings are in `sessions:checkpoints`). */
export function checkpointLabel(checkpoint: Checkpoint, t: ReturnType<typeof useT>['t']): string {
  // A restore's or fork's own fact is `restore_<operation>` upstream, with the operator's reason.
  if (checkpoint.id.startsWith('cp_restore_'))
    return t('sessions.checkpoints.timeline.restored', { reason: checkpoint.reason ?? '' })
  if (checkpoint.reason === 'pending_cancelled') return t('sessions.checkpoints.timeline.cancelled')
  if (checkpoint.reason !== null)
    return t('sessions.checkpoints.timeline.reason', { reason: checkpoint.reason })
  return checkpoint.turnId !== null
    ? t('sessions.checkpoints.timeline.run')
    : t('sessions.checkpoints.timeline.reconciled')
}
