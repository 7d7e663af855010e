import type { ReactNode } from 'react'

/**
 * A page header's actions in the one order every header follows: the page's single primary
 * action first, then the others, and the destructive ones last, in a group of their own behind a
 * divider, so neither is pressed for the other.
 */
export function HeaderActions({
  primary,
  secondary,
  destructive,
  destructiveLabel,
}: {
  primary?: ReactNode
  secondary?: ReactNode
  destructive?: ReactNode
  /** The destructive group's accessible name ("Archive or delete"). */
  destructiveLabel?: string
}) {
  return (
    <div data-slot="header-actions" className="flex flex-wrap items-center gap-2">
      {primary}
      {secondary}
      {destructive ? (
        <>
          <span
            role="separator"
            aria-orientation="vertical"
            className="mx-2 hidden h-6 w-px bg-border sm:block"
          />
          <div role="group" aria-label={destructiveLabel} className="flex flex-wrap items-center gap-2">
            {destructive}
          </div>
        </>
      ) : null}
    </div>
  )
}
