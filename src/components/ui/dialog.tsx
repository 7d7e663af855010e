import * as DialogPrimitive from '@radix-ui/react-dialog'
import { createContext, use, useRef, type ComponentProps, type ReactNode } from 'react'
import { useT } from '@/i18n'
import { cn } from '@/lib/cn'

/** Whether the enclosing dialog is open (true outside one, so the content keeps Radix's own rule). */
const DialogOpenContext = createContext(true)

/**
 * Radix's dialog root, always controlled (its owner holds `open`), which also tells its content
 * whether it is open. A closed dialog's content then renders nothing of Radix's at all, as Radix
 * shows nothing of it either. Radix would still mount its presence tracker, whose layout effect
 * dispatches to a reducer on mount: a state update in the commit that makes React render again at
 * once and run every passive effect of the page in the same task (the session page mounts several
 * closed dialogs, and its first rows waited for that). The console's dialogs have no closing
 * animation for the tracker to wait for.
 */
export function Dialog(props: ComponentProps<typeof DialogPrimitive.Root> & { open: boolean }) {
  return (
    <DialogOpenContext value={props.open}>
      <DialogPrimitive.Root {...props} />
    </DialogOpenContext>
  )
}
export const DialogTrigger = DialogPrimitive.Trigger

export function DialogContent({
  className,
  children,
  title,
  description,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { title: ReactNode; description?: ReactNode }) {
  const { t } = useT('ui')
  // Radix returns focus to a <DialogTrigger>; most dialogs here are opened from state instead,
  // so remember what had focus when the dialog opened and put focus back there on close.
  const returnFocusTo = useRef<HTMLElement | null>(null)
  const { onOpenAutoFocus, onCloseAutoFocus } = props
  const isOpen = use(DialogOpenContext)
  if (!isOpen && !props.forceMount) return null
  return (
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
          aria-label={t('ui.dialog.close')}
          className="absolute top-4 right-4 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-muted"
        >
          <span aria-hidden="true">×</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex flex-wrap justify-end gap-2', className)} {...props} />
}
