import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { RawJsonPanel } from './raw-json-panel'
import { SnapshotCompare } from './snapshot-compare'
import { StatusBadge } from './status-badge'
import { snapshotQuery } from '@/data/sessions/queries'
import { routeLogId, type SessionRouteLike } from '@/data/sessions/session-route'
import type { ResourceEnvelope } from '@/data/sessions/types'
import { useEventLog } from '../hooks/use-event-log'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import type { EventStore } from '../models/event-store'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { RichText, useT } from '@/i18n'
import { isRecord, readNumber, readText } from '@/lib/read-fields'

/** A snapshot envelope's fields, as text for its row ('' when absent). */
const text = (...values: unknown[]): string =>
  values
    .map((value) => readText(value))
    .filter((value) => value !== null)
    .join(' ')

function Section({
  title,
  envelopes,
  describe,
}: {
  title: string
  envelopes: ResourceEnvelope[]
  describe: (data: Record<string, unknown>) => [string, string]
}) {
  const { t } = useT('sessions')
  return (
    <section className="flex min-w-0 flex-col gap-1">
      <h3 className="text-sm font-semibold">
        {title} <span className="font-normal text-muted-foreground">({envelopes.length})</span>
      </h3>
      {envelopes.length === 0 ? (
        <p className="text-xs text-muted-foreground">{t('sessions.snapshot.empty')}</p>
      ) : (
        <ul className="max-h-56 overflow-auto rounded-md border border-border text-xs">
          {envelopes.map((envelope, index) => {
            const [label, status] = describe(envelope.data)
            return (
              <li
                key={envelope.id ?? index}
                className="flex items-center gap-2 border-b border-border px-2 py-1 last:border-b-0"
              >
                <span className="min-w-0 truncate font-mono">{label}</span>
                <span className="ml-auto">
                  <StatusBadge status={status || null} />
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}

/** The server's snapshot at its `as_of` watermark, and a comparison between two points of the log. */
export function SnapshotTab({ route, log }: { route: SessionRouteLike; log: SessionEventLog }) {
  const { t } = useT('sessions')
  const sessionId = routeLogId(route)
  const snapshot = useQuery(snapshotQuery(route))
  const asOf = snapshot.data?.as_of
  // 1-based position of the snapshot's watermark in the log; it may arrive with a later page.
  const asOfPosition = useEventLog(
    log.store,
    useCallback(
      (store: EventStore) => {
        const index = asOf ? store.all().findIndex((event) => event.cursor === asOf) : -1
        return index >= 0 ? index + 1 : 1
      },
      [asOf],
    ),
  )

  if (snapshot.isPending) return <LoadingState label={t('sessions.snapshot.loading')} />
  if (snapshot.isError) {
    return (
      <QueryErrorState
        title={t('sessions.snapshot.loadError')}
        error={snapshot.error}
        onRetry={() => void snapshot.refetch()}
      />
    )
  }
  const data = snapshot.data
  const totals = data.usage.totals
  const cost = data.usage.estimated_cost
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm">
        <RichText
          id="sessions.snapshot.asOf"
          values={{ cursor: <span className="font-mono">{data.as_of}</span> }}
        />
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <Section
          title={t('sessions.snapshot.turns')}
          envelopes={data.turns}
          describe={(d) => [text(d.turn_id), text(d.status)]}
        />
        <Section
          title={t('sessions.snapshot.tools')}
          envelopes={data.tools}
          describe={(d) => [text(d.name, d.tool_call_id), text(d.status)]}
        />
        <Section
          title={t('sessions.snapshot.requiredActions')}
          envelopes={data.required_actions}
          describe={(d) => [text(d.request_id), text(d.status)]}
        />
        <Section
          title={t('sessions.snapshot.items')}
          envelopes={data.items}
          describe={(d) => {
            const item = isRecord(d.item) ? d.item : {}
            return [text(item.role, d.item_id), text(item.status)]
          }}
        />
      </div>
      <section className="text-sm">
        <h3 className="font-semibold">{t('sessions.snapshot.usage')}</h3>
        <p>
          {t('sessions.snapshot.usageLine', {
            calls: data.usage.model_calls,
            input: readNumber(totals.input_tokens) ?? 0,
            output: readNumber(totals.output_tokens) ?? 0,
          })}
          {cost !== undefined
            ? t('sessions.snapshot.cost', { cost: cost.toFixed(4), currency: data.usage.currency ?? '' })
            : ''}
          {cost !== undefined && data.usage.cost_complete === false
            ? t('sessions.snapshot.costIncomplete')
            : ''}
        </p>
      </section>
      <SnapshotCompare key={asOfPosition} log={log} initialFrom={asOfPosition} />
      <RawJsonPanel
        value={data.raw}
        label={t('sessions.snapshot.json')}
        filename={`${sessionId}-snapshot.json`}
      />
    </div>
  )
}
