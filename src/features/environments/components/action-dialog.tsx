import { useState, type ReactNode } from 'react'
import { CopyCurlButton } from './curl-scope'
import type { EnvironmentCurlAction } from '../models/environment-curl'
import { explainEnvironmentError, type EnvironmentAction } from '../models/explain-environment-error'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogFooter } from '@/components/ui/dialog'

/**
 * The confirmation for rotate, archive and delete: what the action affects (as rich content,
 * which the shared ConfirmationDialog's paragraph description cannot hold), copy as curl, and the
 * server's refusal explained in words without closing.
 */
export function ActionDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  isDestructive = false,
  action,
  curl,
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  children: ReactNode
  confirmLabel: string
  isDestructive?: boolean
  action: EnvironmentAction
  curl: EnvironmentCurlAction
  onConfirm: () => Promise<void>
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
      setError(explainEnvironmentError(caught, action))
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
      <DialogContent title={title} description={description}>
        <div className="flex flex-col gap-3 text-sm">{children}</div>
        {error ? (
          <p role="alert" className="mt-3 rounded-md bg-destructive/10 p-3 text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <DialogFooter className="items-center">
          <span className="mr-auto">
            <CopyCurlButton request={curl} />
          </span>
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
