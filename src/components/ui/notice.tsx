import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps, ReactNode } from 'react'
import { cn } from '@/lib/cn'

const noticeVariants = cva('rounded-md border p-3 text-sm', {
  variants: {
    tone: {
      info: 'border-border bg-info-surface text-foreground',
      warning: 'border-warning/40 bg-warning-surface text-foreground',
      danger: 'border-destructive/40 bg-destructive/5 text-foreground',
      success: 'border-success/40 bg-success-surface text-foreground',
    },
  },
  defaultVariants: { tone: 'info' },
})

/**
 * A callout. Static explanations use no role; pass `role="status"` or `role="alert"` when the
 * notice appears in response to something so screen readers announce it.
 */
export function Notice({
  className,
  tone,
  title,
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'title'> & VariantProps<typeof noticeVariants> & { title?: ReactNode }) {
  return (
    <div data-slot="notice" className={cn(noticeVariants({ tone }), className)} {...props}>
      {title ? <p className="font-semibold">{title}</p> : null}
      <div className={title ? 'mt-1' : undefined}>{children}</div>
    </div>
  )
}
