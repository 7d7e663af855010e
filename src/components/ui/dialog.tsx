import { createContext, lazy, Suspense, use, useState, type ComponentProps, type ReactNode } from 'react'
import type { DialogBodyProps } from './dialog-parts'
import { useT } from '@/i18n'
import { codeOnDemand } from '@/lib/code-on-demand'
import { cn } from '@/lib/cn'
import { useIdlePrefetch } from '@/lib/use-idle-prefetch'

/**
 * Radix's dialog (13–14 KB gzip with its focus scope, dismissable layer and scroll lock) loads with
 * the first dialog that opens, not with every page that holds a closed one: the session page holds
 * several (the turn controls', the budget notice's), none open at its first paint, and that file
 * was on its critical path. A page with a dialog fetches it once the browser is idle, so an opening
 * does not wait for it in practice; one that does shows nothing until it is in.
 */
const parts = codeOnDemand(() => import('./dialog-parts'))
const PARTS = [parts]
/** Asks for the dialog's code now (component tests start with it in, as a page does once idle). */
export const loadDialogCode = (): Promise<unknown> => parts.load()
const LazyDialogBody = lazy(() => parts.load().then((module) => ({ default: module.DialogBody })))

type DialogState = { open: boolean; onOpenChange: (open: boolean) => void }
const DialogStateContext = createContext<DialogState | null>(null)

/**
 * A dialog, always controlled: its owner holds `open` (open it from a button's `onClick`; focus
 * goes back to what had it when the dialog closes). Closed, it renders nothing and mounts nothing
 * of Radix's: Radix mounted a presence tracker even for closed content, whose layout effect
 * updated state in the commit and made React render the page again at once, running every passive
 * effect of the page (its query subscriptions and their requests) before the first paint.
 */
export function Dialog({ open, onOpenChange, children }: DialogState & { children: ReactNode }) {
  useIdlePrefetch(PARTS)
  return <DialogStateContext value={{ open, onOpenChange }}>{children}</DialogStateContext>
}

type DialogContentProps = Omit<DialogBodyProps, 'onOpenChange' | 'closeLabel' | 'forceMount'>

export function DialogContent(props: DialogContentProps) {
  const { t } = useT('ui')
  const state = use(DialogStateContext)
  if (!state?.open) return null
  return <OpenDialog {...props} onOpenChange={state.onOpenChange} closeLabel={t('ui.dialog.close')} />
}

/**
 * Radix's code when it is in, else its lazy wrapper: chosen once per opening, so a dialog opened
 * through the lazy one is not mounted again (losing what was typed) when the code arrives. React.lazy
 * would suspend a first render even for code that has already arrived.
 */
function OpenDialog(props: DialogBodyProps) {
  const [Body] = useState(() => parts.loaded()?.DialogBody ?? LazyDialogBody)
  return (
    <Suspense fallback={null}>
      <Body {...props} />
    </Suspense>
  )
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex flex-wrap justify-end gap-2', className)} {...props} />
}
