import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { RawJsonPanel } from './raw-json-panel'
import { SnapshotCompare } from './snapshot-compare'
import { StatusBadge } from './status-badge'
import { snapshotQuery } from '../api/queries'
import type { ResourceEnvelope } from '../api/types'
import type { SessionEventLog } from '../hooks/use-session-event-log'
import { QueryErrorState } from '@/components/ui/query-error-state'
import { LoadingState } from '@/components/ui/states'

const str = (value: unknown): string => (typeof value === 'string' ? value : '')
const count = (value: unknown): string => (typeof value === 'number' ? value.toLocaleString() : '0')

function Section({
  title,
  envelopes,
  describe,
}: {
  title: string
  envelopes: ResourceEnvelope[]
  describe: (data: Record<string, unknown>) => [string, string]
}) {
  return (
    <section className="flex min-w-0 flex-col gap-1">
      <h3 className="text-sm font-semibold">
        {title} <span className="font-normal text-muted-foreground">({envelopes.length})</span>
      </h3>
      {envelopes.length === 0 ? (
        <p className="text-xs text-muted-foreground">None.</p>
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
  const snapshot = useQuery(snapshotQuery(sessionId))
  const asOfPosition = useMemo(() => {
    const asOf = snapshot.data?.as_of
    const index = asOf ? log.store.all().findIndex((event) => event.cursor === asOf) : -1
    return index >= 0 ? index + 1 : 1
    // `version`: the as_of event may arrive with a later page of history.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.data?.as_of, log.store, log.phase])

  if (snapshot.isPending) return <LoadingState label="Loading the snapshot…" />
  if (snapshot.isError) {
    return (
      <QueryErrorState
        title="The snapshot could not be loaded"
        error={snapshot.error}
        onRetry={() => void snapshot.refetch()}
      />
    )
  }
  const data = snapshot.data
  const totals = data.usage.totals
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm">
        Snapshot as of <span className="font-mono">{data.as_of}</span>: the state the inspector started from
        before following the live stream.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <Section title="Turns" envelopes={data.turns} describe={(d) => [str(d.turn_id), str(d.status)]} />
        <Section
          title="Tools"
          envelopes={data.tools}
          describe={(d) => [`${str(d.name)} ${str(d.tool_call_id)}`, str(d.status)]}
        />
        <Section
          title="Required actions"
          envelopes={data.required_actions}
          describe={(d) => [str(d.request_id), str(d.status)]}
        />
        <Section
          title="Items"
          envelopes={data.items}
          describe={(d) => {
            const item = (d.item ?? {}) as Record<string, unknown>
            return [`${str(item.role)} ${str(d.item_id)}`, str(item.status)]
          }}
        />
      </div>
      <section className="text-sm">
        <h3 className="font-semibold">Usage</h3>
        <p>
          {data.usage.model_calls} model calls · {count(totals.input_tokens)} input /{' '}
          {count(totals.output_tokens)} output tokens
          {data.usage.estimated_cost !== undefined
            ? ` · est. ${data.usage.estimated_cost.toFixed(4)} ${data.usage.currency ?? ''}${data.usage.cost_complete === false ? ' (incomplete)' : ''}`
            : ''}
        </p>
      </section>
      <SnapshotCompare key={asOfPosition} log={log} initialFrom={asOfPosition} />
      <RawJsonPanel value={data} label="Snapshot JSON" filename={`${sessionId}-snapshot.json`} />
    </div>
  )
}
