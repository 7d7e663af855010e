import type { ReactNode } from 'react'
import { Button } from './button'
import { useT } from '@/i18n'
import { cn } from '@/lib/cn'

export function Spinner({ label, className }: { label?: string; className?: string }) {
  const { t } = useT('ui')
  return (
    <span
      role="status"
      className={cn('inline-flex items-center gap-2 text-sm text-muted-foreground', className)}
    >
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-muted-foreground/40 border-t-primary"
      />
      {label ?? t('ui.loading')}
    </span>
  )
}

export function LoadingState({ label }: { label?: string }) {
  const { t } = useT('ui')
  return (
    <div className="flex min-h-40 items-center justify-center">
      <Spinner label={label ?? t('ui.loadingEllipsis')} />
    </div>
  )
}

export function EmptyState({
  title,
  children,
  action,
}: {
  title: string
  children?: ReactNode
  action?: ReactNode
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-6 py-12 text-center">
      <h2 className="text-base font-semibold">{title}</h2>
      {children ? <div className="max-w-prose text-sm text-muted-foreground">{children}</div> : null}
      {action}
    </div>
  )
}

export function ErrorState({
  title,
  message,
  requestId,
  onRetry,
}: {
  title?: string
  message: string
  requestId?: string | undefined
  onRetry?: () => void
}) {
  const { t } = useT('ui')
  return (
    <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-4">
      <p className="font-semibold text-destructive">{title ?? t('ui.error.title')}</p>
      <p className="mt-1 text-sm break-words text-foreground">{message}</p>
      {requestId ? (
        <p className="mt-1 font-mono text-xs text-muted-foreground">
          {t('ui.error.requestId', { requestId })}
        </p>
      ) : null}
      {onRetry ? (
        <Button className="mt-3" size="sm" onClick={onRetry}>
          {t('ui.error.tryAgain')}
        </Button>
      ) : null}
    </div>
  )
}
