import type { ReactNode } from 'react'

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
