import { useEffect, useRef } from 'react'
import { StatusBadge } from './status-badge'
import { ToolOutput } from './tool-output'
import type { ToolClaim } from '../models/join-tool-claims'
import { statusLabel } from '../models/status-label'
import type { ToolRecord } from '../models/tool-records'
import { VisibleText } from '@/components/text/visible-text'
import { Badge } from '@/components/ui/badge'
import { Link } from '@/components/ui/link'
import { useT } from '@/i18n'
import { cn } from '@/lib/cn'
import { formatDuration } from '@/lib/format-duration'

type ToolRecordCardProps = {
  record: ToolRecord
  claim: ToolClaim
  environmentLabel: string
  /** The record a link points at (`?tool=`): marked, and scrolled into view once. */
  isSelected?: boolean
}

/** One tool call: what it was asked, what it returned, where it ran and which worker claimed it. */
export function ToolRecordCard({ record, claim, environmentLabel, isSelected = false }: ToolRecordCardProps) {
  const { t } = useT('sessions')
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    if (isSelected) ref.current?.scrollIntoView({ block: 'start' })
  }, [isSelected])
  const duration =
    record.requestedAt !== null && record.completedAt !== null
      ? formatDuration(record.completedAt - record.requestedAt)
      : null
  return (
    <article
      ref={ref}
      aria-label={t('sessions.toolCard.label', { name: record.name, id: record.toolCallId })}
      aria-current={isSelected ? 'true' : undefined}
      className={cn(
        'flex scroll-mt-4 flex-col gap-3 rounded-lg border border-border bg-card p-4',
        isSelected && 'ring-2 ring-ring',
      )}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 font-mono text-sm font-semibold [overflow-wrap:anywhere]">
          <VisibleText text={record.name} />
        </h3>
        <StatusBadge status={record.status} />
        {record.confirmation ? (
          <Badge tone="warning">
            {t('sessions.toolCard.confirmation', { status: statusLabel(record.confirmation.status) })}
          </Badge>
        ) : null}
        <span className="min-w-0 font-mono text-xs [overflow-wrap:anywhere] text-muted-foreground">
          {record.toolCallId}
        </span>
        <Link
          className="ml-auto text-xs text-primary hover:underline"
          to={`?tab=events&event=${encodeURIComponent(record.firstEventId)}`}
        >
          {t('sessions.toolCard.showInEvents')}
        </Link>
      </header>
      {/* Ids are long unbroken words: they wrap inside their column rather than widen the page. */}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs [overflow-wrap:anywhere] sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)]">
        <dt className="text-muted-foreground">{t('sessions.toolCard.turn')}</dt>
        <dd className="font-mono">{record.turnId ?? '—'}</dd>
        <dt className="text-muted-foreground">{t('sessions.toolCard.duration')}</dt>
        <dd>{duration ?? (record.isComplete ? '—' : statusLabel('running'))}</dd>
        <dt className="text-muted-foreground">{t('sessions.toolCard.environment')}</dt>
        <dd>{environmentLabel}</dd>
        <dt className="text-muted-foreground">{t('sessions.toolCard.worker')}</dt>
        <dd className="font-mono">
          {claim.workerId ??
            (claim.workItem ? t('sessions.toolCard.notClaimed') : t('sessions.toolCard.ranInBackend'))}
          {claim.servedFrom ? (
            <span className="block font-sans text-muted-foreground">
              {t('sessions.toolCard.servedBySession', { work: claim.servedFrom.id })}
            </span>
          ) : null}
          {claim.workDir ? <span className="block text-muted-foreground">{claim.workDir}</span> : null}
        </dd>
      </dl>
      <ToolOutput record={record} steps={claim.steps} />
    </article>
  )
}
