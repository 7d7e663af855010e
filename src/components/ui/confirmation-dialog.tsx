import { useState, type ReactNode } from 'react'
import { Button } from './button'
import { Dialog, DialogContent, DialogFooter } from './dialog'
import { FailureNotice } from './failure-notice'
import { errorMessage } from '@/api/api-error'
import { useT } from '@/i18n'

/**
 * Archive, delete, rotate and cancel all go through here: the body says what the action affects
 * before the user confirms, and a failure stays in the dialog with the server's reason and what
 * to do next.
 */
export function ConfirmationDialog({
  open,
  onOpenChange,
  title,
  body,
  children,
  footerStart,
  confirmLabel,
  isDestructive = false,
  explainError = errorMessage,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** One paragraph under the title (the dialog's accessible description). */
  body: ReactNode
  /** Richer detail of what the action affects: lists, tables, warnings. */
  children?: ReactNode
  /** Extra controls at the start of the footer, such as "Copy as curl". */
  footerStart?: ReactNode
  confirmLabel: string
  isDestructive?: boolean
  /** Turns a failure into words; defaults to the server's message. */
  explainError?: (error: unknown) => string
  onConfirm: () => Promise<unknown>
}) {
  const { t } = useT('ui')
  const [isPending, setIsPending] = useState(false)
  // The error itself, explained at render time, so the message follows a language switch.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null)

  async function handleConfirm() {
    setIsPending(true)
    setFailure(null)
    try {
      await onConfirm()
      onOpenChange(false)
    } catch (caught) {
      setFailure({ error: caught })
    } finally {
      setIsPending(false)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setFailure(null)
        onOpenChange(next)
      }}
    >
      <DialogContent title={title} description={body}>
        {children ? <div className="flex flex-col gap-3 text-sm">{children}</div> : null}
        {failure ? (
          <FailureNotice className="mt-3" error={failure.error} message={explainError(failure.error)} />
        ) : null}
        <DialogFooter className="items-center">
          {footerStart ? <span className="mr-auto">{footerStart}</span> : null}
          <Button onClick={() => onOpenChange(false)}>{t('ui.dialog.cancel')}</Button>
          <Button
            variant={isDestructive ? 'destructive' : 'primary'}
            disabled={isPending}
            onClick={handleConfirm}
          >
            {isPending ? t('ui.dialog.working') : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
