import { memo } from 'react'
import { StatusBadge } from './status-badge'
import type { PublicEvent } from '../models/event-store'
import { isErrorEvent } from '../models/event-category'
import { summarizeEvent } from '../models/summarize-event'
import type { TimelineBuilder, TimelineRow } from '../models/timeline-builder'
import { VisibleText } from '@/components/text/visible-text'
import { useT } from '@/i18n'
import { cn } from '@/lib/cn'
import { formatClockTime } from '@/lib/format-time'

// Rings are drawn inside the control: the row around it has `contain: strict`, which clips
// anything painted outside its box.
const ROW_FOCUS = 'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring'

function GroupToggle({
  isCollapsed,
  isTabStop,
  label,
  onToggle,
}: {
  isCollapsed: boolean
  isTabStop: boolean
  label: string
  onToggle: () => void
}) {
  const { t } = useT('sessions')
  return (
    <button
      type="button"
      data-row-focus=""
      tabIndex={isTabStop ? 0 : -1}
      aria-expanded={!isCollapsed}
      aria-label={isCollapsed ? t('sessions.row.expand', { label }) : t('sessions.row.collapse', { label })}
      onClick={onToggle}
      className={cn(
        'inline-flex size-6 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-muted',
        ROW_FOCUS,
      )}
    >
      <span aria-hidden="true">{isCollapsed ? '▸' : '▾'}</span>
    </button>
  )
}

type RowProps = {
  row: TimelineRow
  event: PublicEvent | undefined
  builder: TimelineBuilder
  isSelected: boolean
  isCollapsed: boolean
  /** The row holding the timeline's single Tab stop. */
  isTabStop: boolean
  onSelect: (eventId: string) => void
  onToggle: (groupKey: string) => void
  /** Header rows read live summaries by reference; a new revision re-renders them. */
  revision: number
}

/** One timeline row: a turn header, a tool-call header, or an event (time, type, masked preview). */
export const EventRow = memo(function EventRow({
  row,
  event,
  builder,
  isSelected,
  isCollapsed,
  isTabStop,
  onSelect,
  onToggle,
}: RowProps) {
  const { t, locale } = useT('sessions')
  if (row.kind === 'turn') {
    const turn = row.turnId === null ? undefined : builder.turns.get(row.turnId)
    const label =
      row.turnId === null ? t('sessions.row.sessionEvents') : t('sessions.row.turn', { turn: row.turnId })
    return (
      <div className="flex h-full items-center gap-2 border-t border-border bg-muted/60 px-2 text-xs font-medium">
        <GroupToggle
          isCollapsed={isCollapsed}
          isTabStop={isTabStop}
          label={label}
          onToggle={() => onToggle(row.groupKey)}
        />
        <span className="font-mono">{label}</span>
        {turn ? <StatusBadge status={turn.status} /> : null}
        {turn?.message ? (
          <span className="truncate font-normal text-muted-foreground">“{turn.message}”</span>
        ) : null}
        {turn ? (
          <span className="ml-auto shrink-0 font-normal text-muted-foreground">
            {turn.errorCount
              ? t('sessions.row.countsWithErrors', { events: turn.eventCount, errors: turn.errorCount })
              : t('sessions.row.counts', { events: turn.eventCount })}
          </span>
        ) : null}
      </div>
    )
  }
  if (row.kind === 'tool') {
    const tool = builder.tools.get(row.toolKey)
    const label = t('sessions.row.toolCall', { name: tool?.name ?? '', id: tool?.toolCallId ?? '' })
    return (
      <div className="ml-6 flex h-full items-center gap-2 border-l-2 border-primary/50 pl-2 text-xs">
        <GroupToggle
          isCollapsed={isCollapsed}
          isTabStop={isTabStop}
          label={label}
          onToggle={() => onToggle(row.groupKey)}
        />
        <span className="font-mono font-medium">{tool?.name ?? t('sessions.row.unnamedTool')}</span>
        <StatusBadge status={tool?.status} />
        <span className="truncate font-mono text-muted-foreground">{tool?.toolCallId}</span>
      </div>
    )
  }
  if (!event) return null
  const isError = isErrorEvent(event)
  return (
    <button
      type="button"
      data-row-focus=""
      tabIndex={isTabStop ? 0 : -1}
      aria-current={isSelected ? 'true' : undefined}
      onClick={() => onSelect(event.id)}
      className={cn(
        'relative flex h-full min-w-0 items-center gap-3 px-2 text-left text-xs hover:bg-muted',
        ROW_FOCUS,
        // One width class only (no class merging here): with `w-full` as well, a nested row was a
        // full row shifted right, and its end (the ellipsis) fell outside the clipped row.
        row.toolKey === null ? 'w-full pl-8' : 'ml-6 w-[calc(100%-1.5rem)] border-l-2 border-primary/50 pl-8',
        isSelected && 'bg-accent font-medium text-accent-foreground',
      )}
    >
      {/* The selection is a bar and a marker as well as a colour (aria-current for assistive tech). */}
      {isSelected ? (
        <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1 bg-primary">
          <span className="absolute top-1/2 left-2 -translate-y-1/2 text-primary">▶</span>
        </span>
      ) : null}
      <time
        className="shrink-0 font-mono text-muted-foreground"
        dateTime={new Date(event.created_at).toISOString()}
      >
        {formatClockTime(event.created_at, { milliseconds: true }, locale)}
      </time>
      <span
        className={cn(
          'w-28 shrink-0 truncate font-mono sm:w-44',
          isError && 'font-semibold text-destructive',
        )}
      >
        {isError ? <span className="sr-only">{t('sessions.row.errorPrefix')}</span> : null}
        {event.type}
      </span>
      <span className="min-w-0 truncate text-muted-foreground">
        <VisibleText text={summarizeEvent(event)} />
      </span>
    </button>
  )
})
