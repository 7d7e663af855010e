import { CopyButton } from './copy-button'
import { useT } from '@/i18n'
import { cn } from '@/lib/cn'

/** A labelled, scrollable, copyable block of command text; content always renders as text. */
export function CodeBlock({
  code,
  label,
  copyLabel,
  className,
}: {
  code: string
  label: string
  copyLabel?: string
  className?: string
}) {
  const { t } = useT('ui')
  return (
    <figure data-slot="code-block" className={cn('flex flex-col gap-1', className)}>
      <figcaption className="flex items-center justify-between gap-2 text-xs font-medium text-muted-foreground">
        <span>{label}</span>
        <CopyButton text={code} label={copyLabel ?? t('ui.copy.copyLabel', { label })} />
      </figcaption>
      <pre
        tabIndex={0}
        role="region"
        aria-label={label}
        className="max-h-80 overflow-auto rounded-md bg-muted p-3 font-mono text-xs whitespace-pre text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <code>{code}</code>
      </pre>
    </figure>
  )
}
