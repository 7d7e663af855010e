import { formatExactTime, formatRelativeTime } from '@/lib/format-time'

/**
 * A past moment as "3 minutes ago", for scanning; the exact time is its hover title, or written
 * after it with `withExact` where the page is about that moment. `now` comes from the caller's
 * `useNow()`, so a list of times ages together on one timer.
 */
export function RelativeTime({
  at,
  now,
  withExact = false,
  className,
}: {
  at: number
  now: number
  withExact?: boolean
  className?: string
}) {
  const exact = formatExactTime(at)
  return (
    <time dateTime={new Date(at).toISOString()} title={withExact ? undefined : exact} className={className}>
      {formatRelativeTime(at, now)}
      {withExact ? <span className="text-muted-foreground"> ({exact})</span> : null}
    </time>
  )
}
