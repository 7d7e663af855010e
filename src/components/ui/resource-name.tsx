import type { ReactNode } from 'react'
import { CopyButton } from './copy-button'
import { Link } from './link'
import { VisibleText } from '@/components/text/visible-text'
import { useT } from '@/i18n'
import { cn } from '@/lib/cn'

/**
 * A resource by its name, with its id beside it as secondary, copyable text: people read names,
 * while support, logs and the API speak in ids. With no name (not loaded, or none given) the id
 * stands alone. The name is shown as text, whatever it contains, with bidirectional and zero-width
 * characters made visible (VisibleText).
 */
export function ResourceName({
  name,
  id,
  to,
  className,
  showCopy = true,
}: {
  name: ReactNode
  id: string
  /** Where the name leads; the id stays outside the link so it can be selected and copied. */
  to?: string
  className?: string
  showCopy?: boolean
}) {
  const { t } = useT('ui')
  const hasName = name !== null && name !== undefined && name !== '' && name !== id
  const label = hasName ? (
    typeof name === 'string' ? (
      <VisibleText text={name} />
    ) : (
      name
    )
  ) : (
    <span className="font-mono">{id}</span>
  )
  return (
    <span className={cn('inline-flex min-w-0 flex-col', className)}>
      {to ? (
        // At least 24 px tall (WCAG 2.5.8 target size): in a list, names and their id lines sit close.
        <Link
          className="inline-flex min-h-6 min-w-0 items-center [overflow-wrap:anywhere] text-primary hover:underline"
          to={to}
        >
          {label}
          {/* The id is part of the link's name too, so a search by id still finds it. */}
          {hasName ? (
            <>
              {' '}
              <span className="sr-only">{id}</span>
            </>
          ) : null}
        </Link>
      ) : (
        <span className="min-w-0 [overflow-wrap:anywhere]">{label}</span>
      )}
      {hasName ? (
        <span className="inline-flex items-center gap-1 font-mono text-xs text-muted-foreground">
          <span className="[overflow-wrap:anywhere]">{id}</span>
          {showCopy ? (
            <CopyButton text={id} label={t('ui.resourceName.copyId', { id })}>
              {t('ui.resourceName.copy')}
            </CopyButton>
          ) : null}
        </span>
      ) : null}
    </span>
  )
}
