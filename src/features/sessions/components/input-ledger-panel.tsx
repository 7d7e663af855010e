import { useId } from 'react'
import type { InputEntry, InputKind, InputStatus } from '@/data/sessions/decode-inputs'
import { useInputLedger } from '../hooks/use-input-ledger'
import type { EventStore } from '../models/event-store'
import { RelativeTime } from '@/components/text/relative-time'
import { Badge } from '@/components/ui/badge'
import { Notice } from '@/components/ui/notice'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { t, useT } from '@/i18n'
import { useNow } from '@/lib/use-now'

const STATUS_TONE = { accepted: 'info', applied: 'success', rejected: 'danger' } as const

// Literal ids, so the catalog check sees every one.
export const INPUT_KIND_LABEL: Record<InputKind | 'unknown', () => string> = {
  steer: () => t('sessions.inputs.ledger.kind.steer'),
  inject: () => t('sessions.inputs.ledger.kind.inject'),
  unknown: () => t('sessions.inputs.ledger.kind.unknown'),
}
const STATUS_LABEL: Record<InputStatus, () => string> = {
  accepted: () => t('sessions.inputs.ledger.status.accepted'),
  applied: () => t('sessions.inputs.ledger.status.applied'),
  rejected: () => t('sessions.inputs.ledger.status.rejected'),
}

function LedgerRow({ entry, now }: { entry: InputEntry; now: number }) {
  useT('sessions:inspector')
  return (
    <li
      className="flex flex-col gap-0.5 border-b border-border py-2 last:border-b-0"
      data-input-id={entry.inputId}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{INPUT_KIND_LABEL[entry.kind ?? 'unknown']()}</span>
        <code className="font-mono text-xs break-all">{entry.inputId}</code>
        <Badge tone={STATUS_TONE[entry.status]}>{STATUS_LABEL[entry.status]()}</Badge>
      </p>
      <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground">
        {entry.turnId ? <span>{t('sessions.inputs.ledger.turn', { turn: entry.turnId })}</span> : null}
        {entry.status === 'applied' && entry.runId ? (
          <span>{t('sessions.inputs.ledger.appliedOnRun', { run: entry.runId })}</span>
        ) : null}
        {entry.reason ? <span>{t('sessions.inputs.ledger.reason', { reason: entry.reason })}</span> : null}
        {entry.at !== null ? <RelativeTime at={entry.at} now={now} /> : null}
      </p>
    </li>
  )
}

/**
 * Every input steered or injected into the session with its receipt and delivery state, from
 * GET inputs and the live `input.*` events. Shown to viewers too, read-only with the reason; a
 * server without these routes gets one sentence instead of an error.
 */
export function InputLedgerPanel({
  sessionId,
  store,
  canWrite,
}: {
  sessionId: string
  store: EventStore
  canWrite: boolean
}) {
  useT('sessions:inspector')
  const id = useId()
  const now = useNow()
  const { query, entries, isOffered } = useInputLedger(sessionId, store)
  let body
  if (query.isPending && entries.length === 0)
    body = <LoadingState label={t('sessions.inputs.ledger.loading')} />
  else if (query.isError && entries.length === 0)
    body = (
      <QueryErrorState
        title={t('sessions.inputs.ledger.loadError')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    )
  else if (!isOffered)
    body = <p className="text-sm text-muted-foreground">{t('sessions.inputs.ledger.notOffered')}</p>
  else if (entries.length === 0)
    body = <p className="text-sm text-muted-foreground">{t('sessions.inputs.ledger.empty')}</p>
  else
    body = (
      <ul aria-labelledby={`${id}-title`} className="flex flex-col">
        {entries.map((entry) => (
          <LedgerRow key={entry.inputId} entry={entry} now={now} />
        ))}
      </ul>
    )
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4"
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold">
        {t('sessions.inputs.ledger.title')}
      </h2>
      {!canWrite && isOffered ? <Notice>{t('sessions.inputs.ledger.viewer')}</Notice> : null}
      {body}
    </section>
  )
}
