import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { RawJsonPanel } from './raw-json-panel'
import { SnapshotCompare } from './snapshot-compare'
import { StatusBadge } from './status-badge'
import { snapshotQuery } from '@/data/sessions/queries'
import type { ResourceEnvelope } from '@/data/sessions/types'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'
import { RichText, useT } from '@/i18n'

const str = (value: unknown): string => (typeof value === 'string' ? value : '')
const count = (value: unknown): number => (typeof value === 'number' ? value : 0)

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
export function SnapshotTab({ sessionId, log }: { sessionId: string; log: SessionEventLog }) {
  const { t } = useT('sessions')
  const snapshot = useQuery(snapshotQuery(sessionId))
  const asOfPosition = useMemo(() => {
    const asOf = snapshot.data?.as_of
    const index = asOf ? log.store.all().findIndex((event) => event.cursor === asOf) : -1
    return index >= 0 ? index + 1 : 1
    // `version`: the as_of event may arrive with a later page of history.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.data?.as_of, log.store, log.phase])

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
          describe={(d) => [str(d.turn_id), str(d.status)]}
        />
        <Section
          title={t('sessions.snapshot.tools')}
          envelopes={data.tools}
          describe={(d) => [`${str(d.name)} ${str(d.tool_call_id)}`, str(d.status)]}
        />
        <Section
          title={t('sessions.snapshot.requiredActions')}
          envelopes={data.required_actions}
          describe={(d) => [str(d.request_id), str(d.status)]}
        />
        <Section
          title={t('sessions.snapshot.items')}
          envelopes={data.items}
          describe={(d) => {
            const item = (d.item ?? {}) as Record<string, unknown>
            return [`${str(item.role)} ${str(d.item_id)}`, str(item.status)]
          }}
        />
      </div>
      <section className="text-sm">
        <h3 className="font-semibold">{t('sessions.snapshot.usage')}</h3>
        <p>
          {t('sessions.snapshot.usageLine', {
            calls: data.usage.model_calls,
            input: count(totals.input_tokens),
            output: count(totals.output_tokens),
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
        value={data}
        label={t('sessions.snapshot.json')}
        filename={`${sessionId}-snapshot.json`}
      />
    </div>
  )
}
