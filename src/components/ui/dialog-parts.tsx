import * as DialogPrimitive from '@radix-ui/react-dialog'
import { useRef, type ComponentProps, type ReactNode } from 'react'
import { cn } from '@/lib/cn'

export type DialogBodyProps = ComponentProps<typeof DialogPrimitive.Content> & {
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  closeLabel: string
}

/**
 * An open dialog: Radix's root, portal, overlay and content (focus trap, Escape, outside click,
 * scroll lock, `aria-modal`). Mounted only while the dialog is open (see `DialogContent`), so
 * closing unmounts it, and Radix returns focus as its focus scope unmounts.
 */
export function DialogBody({
  onOpenChange,
  title,
  description,
  closeLabel,
  className,
  children,
  ...props
}: DialogBodyProps) {
  // Radix returns focus to a trigger of its own; the console's dialogs are opened from state, so
  // remember what had focus when the dialog opened and put focus back there on close.
  const returnFocusTo = useRef<HTMLElement | null>(null)
  const { onOpenAutoFocus, onCloseAutoFocus } = props
  return (
    <DialogPrimitive.Root open onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <DialogPrimitive.Content
          data-slot="dialog-content"
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(92vw,36rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-card p-6 text-foreground shadow-xl focus:outline-none',
            className,
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...props}
          onOpenAutoFocus={(event) => {
            returnFocusTo.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null
            onOpenAutoFocus?.(event)
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event)
            const target = returnFocusTo.current
            if (event.defaultPrevented || !target?.isConnected || target === document.body) return
            event.preventDefault()
            target.focus()
          }}
        >
          <DialogPrimitive.Title className="pr-8 text-lg font-semibold">{title}</DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
              {description}
            </DialogPrimitive.Description>
          ) : null}
          <div className="mt-4">{children}</div>
          <DialogPrimitive.Close
            aria-label={closeLabel}
            className="absolute top-4 right-4 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted"
          >
            <span aria-hidden="true">×</span>
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
