import type { ClaimStep } from '../models/join-tool-claims'
import { formatExactTime } from '@/lib/format-time'
import { cn } from '@/lib/cn'

const timeFormat = new Intl.DateTimeFormat('en', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
})

/** requested → suspended → queued → claimed by worker X → result posted → resumed, with times. */
export function ClaimTimeline({ steps }: { steps: readonly ClaimStep[] }) {
  return (
    <ol aria-label="Claim timeline" className="flex flex-col gap-1 border-l-2 border-border pl-3 text-xs">
      {steps.map((step, index) => (
        <li key={`${step.kind}-${index}`} className="flex flex-wrap items-baseline gap-2">
          {step.at !== null ? (
            <time
              className="font-mono text-muted-foreground"
              dateTime={new Date(step.at).toISOString()}
              title={formatExactTime(step.at)}
            >
              {timeFormat.format(step.at)}
            </time>
          ) : step.notAfter !== undefined ? (
            <span className="font-mono text-muted-foreground" title={formatExactTime(step.notAfter)}>
              by {timeFormat.format(step.notAfter)}
            </span>
          ) : (
            <span className="font-mono text-muted-foreground">—</span>
          )}
          <span
            className={cn(
              step.kind === 'waiting' && 'font-medium text-warning',
              step.kind === 'claimed' && 'font-medium',
            )}
          >
            {step.label}
          </span>
        </li>
      ))}
    </ol>
  )
}
