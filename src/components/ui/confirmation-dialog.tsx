import { useState, type ReactNode } from 'react'
import { Button } from './button'
import { Dialog, DialogContent, DialogFooter } from './dialog'
import { errorMessage } from '@/api/api-error'

/**
 * Archive, delete, rotate and cancel all go through here: the body says what the action affects
 * before the user confirms, and a failure stays in the dialog with the server's reason.
 */
export function ConfirmationDialog({
  open,
  onOpenChange,
  title,
  body,
  confirmLabel,
  isDestructive = false,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  body: ReactNode
  confirmLabel: string
  isDestructive?: boolean
  onConfirm: () => Promise<unknown>
}) {
  const [isPending, setIsPending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function handleConfirm() {
    setIsPending(true)
    setError(null)
    try {
      await onConfirm()
      onOpenChange(false)
    } catch (caught) {
      setError(errorMessage(caught))
    } finally {
      setIsPending(false)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setError(null)
        onOpenChange(next)
      }}
    >
      <DialogContent title={title} description={body}>
        {error ? (
          <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button
            variant={isDestructive ? 'destructive' : 'primary'}
            disabled={isPending}
            onClick={handleConfirm}
          >
            {isPending ? 'Working…' : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
