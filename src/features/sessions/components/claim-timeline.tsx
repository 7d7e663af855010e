import type { ClaimStep } from '../models/join-tool-claims'
import { useT } from '@/i18n'
import { cn } from '@/lib/cn'
import { formatClockTime, formatExactTime } from '@/lib/format-time'

/** requested → suspended → queued → claimed by worker X → result posted → resumed, with times. */
export function ClaimTimeline({ steps }: { steps: readonly ClaimStep[] }) {
  const { t, locale } = useT('sessions')
  return (
    <ol
      aria-label={t('sessions.claim.timeline')}
      className="flex flex-col gap-1 border-l-2 border-border pl-3 text-xs"
    >
      {steps.map((step, index) => (
        <li key={`${step.kind}-${index}`} className="flex flex-wrap items-baseline gap-2">
          {step.at !== null ? (
            <time
              className="font-mono text-muted-foreground"
              dateTime={new Date(step.at).toISOString()}
              title={formatExactTime(step.at)}
            >
              {formatClockTime(step.at, {}, locale)}
            </time>
          ) : step.notAfter !== undefined ? (
            <span className="font-mono text-muted-foreground" title={formatExactTime(step.notAfter)}>
              {t('sessions.claim.by', { time: formatClockTime(step.notAfter, {}, locale) })}
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
