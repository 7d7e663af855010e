import type { ReactNode } from 'react'
import { errorMessage } from '@/api/api-error'
import { failureAdvice } from '@/api/failure-advice'
import { cn } from '@/lib/cn'

/**
 * A failed save or submission: what went wrong (the screen's own wording, else the server's),
 * then what to do next, with the user's input still on screen. Announced as an alert.
 */
export function FailureNotice({
  error,
  message,
  advice,
  children,
  className,
}: {
  error: unknown
  /** The screen's explanation; the server's message when absent. */
  message?: string
  /** What to do next, when the screen knows better than the error's kind (a login form's 401). */
  advice?: string
  /** Actions (e.g. "Retry the same submission"). */
  children?: ReactNode
  className?: string
}) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col gap-1 rounded-md bg-destructive/10 p-3 text-sm text-destructive',
        className,
      )}
    >
      <p className="font-medium break-words">{message ?? errorMessage(error)}</p>
      <p className="text-foreground">{advice ?? failureAdvice(error)}</p>
      {children ? <div className="mt-1 flex flex-wrap gap-2">{children}</div> : null}
    </div>
  )
}
